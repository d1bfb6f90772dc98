import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { onTestFinished } from 'vitest'
import { WRITABLE_FIELDS } from '#schema/rx/writable-fields'
import { CENTRAL_COLLECTIONS } from '#sync/client/collections'
import { createConflictHandler, UnansweredPushes } from '#sync/client/conflict-handler'
import { replicateCollection } from '#sync/client/replicate-collection'
import type { RetryTiming } from '#sync/client/retry-backoff'
import { createSyncStatus } from '#sync/client/sync-status'
import type { SyncStream } from '#sync/client/sync-stream'

/** The app connections' collection definition, as the web app replicates it. */
export const APP_CONNECTIONS = CENTRAL_COLLECTIONS[1]

/**
 * A device's app connections in RxDB's memory storage, with the product's conflict handler:
 * what the replication tests run the product's replication on.
 */
export async function createAppConnectionsCollection(name: string): Promise<{
  db: RxDatabase
  collection: RxCollection
  refused: Set<string>
  unanswered: UnansweredPushes
}> {
  const db = await createRxDatabase({
    name: `${name}-${Math.random().toString(36).slice(2)}`,
    storage: getRxStorageMemory(),
    multiInstance: false,
  })
  const refused = new Set<string>()
  const unanswered = new UnansweredPushes()
  await db.addCollections({
    [APP_CONNECTIONS.local]: {
      schema: APP_CONNECTIONS.schema,
      conflictHandler: createConflictHandler(refused, WRITABLE_FIELDS.appConnections, unanswered),
    },
  })
  return {
    db,
    collection: db.collections[APP_CONNECTIONS.local] as RxCollection,
    refused,
    unanswered,
  }
}

/**
 * createAppConnectionsCollection for the test that calls it: the database is removed
 * when the test ends, passed or failed.
 */
export async function createTestAppConnections(name: string) {
  const device = await createAppConnectionsCollection(name)
  onTestFinished(async () => {
    await device.db.remove()
  })
  return device
}

/** Quick retries: a scripted server's failures are tried again within milliseconds. */
const QUICK_RETRIES: RetryTiming = { retryMs: 20, firstBackoffMs: 5, maxBackoffMs: 20 }

/**
 * The product's replication of `device`'s app connections against a scripted server
 * (`fetch` answers every pull and push), as Anna of organisation `org`; started and through
 * its first pull.
 */
export async function replicateAppConnections(
  device: Awaited<ReturnType<typeof createAppConnectionsCollection>>,
  options: { fetch: typeof globalThis.fetch; stream: SyncStream; retryTiming?: RetryTiming },
) {
  const replication = replicateCollection({
    collection: device.collection,
    definition: APP_CONNECTIONS,
    stream: options.stream,
    status: createSyncStatus(),
    refusedIds: device.refused,
    unanswered: device.unanswered,
    account: { organisationId: 'org', userId: 'anna' },
    transport: { origin: 'http://server.test', fetch: options.fetch },
    retryTiming: options.retryTiming ?? QUICK_RETRIES,
  })
  await replication.awaitInitialReplication()
  return replication
}
