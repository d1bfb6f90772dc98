import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { WRITABLE_FIELDS } from '#schema/rx/writable-fields'
import { CENTRAL_COLLECTIONS } from '#sync/client/collections'
import { createConflictHandler, UnansweredPushes } from '#sync/client/conflict-handler'

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
