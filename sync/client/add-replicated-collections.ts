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
import { createConflictHandler, UnansweredPushes } from './conflict-handler.ts'
import { yieldToPage } from './yield-to-page.ts'

// Schemas above version 0 open only with the migration plugin, wherever they are opened.
addRxPlugin(RxDBMigrationSchemaPlugin)

/** What a collection's pushes learn and its conflict handler needs (see replicateCollection). */
export type PushOutcomes = {
  /** Writes the server refused: reverted to its state instead of merged. */
  refusedIds: Set<string>
  /** States pushed without an answer: counted as the device's own in a merge. */
  unanswered: UnansweredPushes
}

/**
 * Adds replicated collections to a local database, each with its migrations and its
 * conflict handler. Returns, per local name, what the replication records of its pushes
 * for that conflict handler.
 */
export async function addReplicatedCollections(
  db: RxDatabase,
  definitions: readonly ClientCollection[],
): Promise<ReadonlyMap<string, PushOutcomes>> {
  const outcomes = new Map<string, PushOutcomes>(
    definitions.map((definition) => [
      definition.local,
      { refusedIds: new Set(), unanswered: new UnansweredPushes() },
    ]),
  )
  // One at a time, giving the page back in between: opening a collection (its schema, its
  // IndexedDB files) is a long task on a slow phone, and together they held input and
  // paint for over a second.
  for (const definition of definitions) {
    await db.addCollections({
      [definition.local]: {
        schema: definition.schema,
        migrationStrategies: MIGRATION_STRATEGIES[definition.local],
        conflictHandler: createConflictHandler(
          outcomes.get(definition.local)?.refusedIds ?? new Set(),
          WRITABLE_FIELDS[definition.remote as keyof typeof WRITABLE_FIELDS],
          outcomes.get(definition.local)?.unanswered,
        ),
      },
    })
    await yieldToPage()
  }
  return outcomes
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
