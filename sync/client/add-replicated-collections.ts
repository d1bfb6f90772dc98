import {
  addRxPlugin,
  getAllCollectionDocuments,
  type RxDatabase,
  removeCollectionStorages,
} from 'rxdb'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { MIGRATION_STRATEGIES } from '#schema/rx/migrations'
import { WRITABLE_FIELDS } from '#schema/rx/writable-fields'
import type { ClientCollection } from './collections.ts'
import { createConflictHandler } from './conflict-handler.ts'

// Schemas above version 0 open only with the migration plugin, wherever they are opened.
addRxPlugin(RxDBMigrationSchemaPlugin)

/**
 * Adds replicated collections to a local database, each with its migrations and its
 * conflict handler. Returns, per local name, the ids of writes the server refused, which
 * the replication fills and the conflict handler reverts instead of merging.
 */
export async function addReplicatedCollections(
  db: RxDatabase,
  definitions: readonly ClientCollection[],
): Promise<ReadonlyMap<string, Set<string>>> {
  const refusedIds = new Map(definitions.map((definition) => [definition.local, new Set<string>()]))
  // One at a time, giving the page back in between: opening a collection (its schema, its
  // IndexedDB files) is a long task on a slow phone, and together they held input and
  // paint for over a second.
  for (const definition of definitions) {
    await db.addCollections({
      [definition.local]: {
        schema: definition.schema,
        migrationStrategies: MIGRATION_STRATEGIES[definition.local],
        conflictHandler: createConflictHandler(
          refusedIds.get(definition.local) ?? new Set(),
          WRITABLE_FIELDS[definition.remote as keyof typeof WRITABLE_FIELDS],
        ),
      },
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return refusedIds
}

/**
 * Removes the files of collections an older version of the app kept in this database and
 * this one no longer opens (their documents and their replication's bookkeeping).
 */
export async function removeRetiredCollections(db: RxDatabase, names: readonly string[]) {
  const stored = await getAllCollectionDocuments(db.internalStore)
  for (const name of names) {
    if (!stored.some((meta) => meta.data.name === name)) continue
    await removeCollectionStorages(
      db.storage,
      db.internalStore,
      db.token,
      db.name,
      name,
      db.multiInstance,
      db.password,
      db.hashFunction,
    )
  }
}
