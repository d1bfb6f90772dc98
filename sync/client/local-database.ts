import { createRxDatabase, type RxDatabase } from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { SyncCheckpoint } from '../protocol.ts'
import { CENTRAL_COLLECTIONS, type CentralCollections } from './collections.ts'
import { createConflictHandler } from './conflict-handler.ts'
import { replicateCollection } from './replicate-collection.ts'
import { createSyncStatus, type SyncStatusStore } from './sync-status.ts'
import { openSyncStream } from './sync-stream.ts'

/** Prefix of every local database of this product (IndexedDB names start with rxdb-dexie-). */
export const LOCAL_DATABASE_PREFIX = 'centraal-'

/** A signed-in person's local database with its running replication. */
export type LocalDatabase = {
  name: string
  db: RxDatabase<CentralCollections>
  status: SyncStatusStore
  /** By remote collection name (users, appConnections, activities). */
  replications: ReadonlyMap<string, RxReplicationState<unknown, SyncCheckpoint>>
  /** Stops replication and the stream, closes the database, keeps the data. */
  close(): Promise<void>
  /** Stops everything and deletes the data (logout). */
  remove(): Promise<void>
}

/** The database name of one (organisation, user), within RxDB's naming rules. */
export function getLocalDatabaseName(organisationId: string, userId: string): string {
  const clean = (part: string) => part.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  return `${LOCAL_DATABASE_PREFIX}${clean(organisationId)}--${clean(userId)}`
}

const opened = new Map<string, Promise<LocalDatabase>>()

/**
 * Opens (once per page) the local database of one (organisation, user) and starts its
 * replication. Later calls with the same pair get the same database.
 */
export function openLocalDatabase(who: { organisationId: string; userId: string }) {
  const name = getLocalDatabaseName(who.organisationId, who.userId)
  let database = opened.get(name)
  if (!database) {
    database = createLocalDatabase(name)
    opened.set(name, database)
    database.catch(() => opened.delete(name))
  }
  return database
}

/** Every local database this page opened, for logout. */
export function getOpenedLocalDatabases(): Promise<LocalDatabase>[] {
  return [...opened.values()]
}

async function createLocalDatabase(name: string): Promise<LocalDatabase> {
  const db = await createRxDatabase<CentralCollections>({
    name,
    storage: getRxStorageDexie(),
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  })
  const refusedIds = new Map(CENTRAL_COLLECTIONS.map((c) => [c.local, new Set<string>()]))
  await db.addCollections(
    Object.fromEntries(
      CENTRAL_COLLECTIONS.map((definition) => [
        definition.local,
        {
          schema: definition.schema,
          conflictHandler: createConflictHandler(refusedIds.get(definition.local) ?? new Set()),
        },
      ]),
    ),
  )
  const status = createSyncStatus()
  const stream = openSyncStream(
    CENTRAL_COLLECTIONS.map((definition) => definition.remote),
    status,
  )
  const replications = new Map(
    CENTRAL_COLLECTIONS.map((definition) => [
      definition.remote,
      replicateCollection({
        collection: db.collections[definition.local as keyof CentralCollections],
        definition,
        stream,
        status,
        refusedIds: refusedIds.get(definition.local) ?? new Set(),
      }),
    ]),
  )
  for (const [remote, replication] of replications) {
    replication.error$.subscribe((error) => console.warn(`sync ${remote}:`, error.message))
  }
  const stop = async () => {
    opened.delete(name)
    stream.close()
    await Promise.all([...replications.values()].map((replication) => replication.cancel()))
  }
  return {
    name,
    db,
    status,
    replications,
    async close() {
      await stop()
      await db.close()
    },
    async remove() {
      await stop()
      await db.remove()
    },
  }
}
