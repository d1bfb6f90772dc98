import { normalizeMangoQuery, prepareQuery, type RxCollection, type RxStorageInstance } from 'rxdb'
import { auditTime, type Observable } from 'rxjs'
import { recomputeOnChange } from './recompute-on-change.ts'
import { countInWorker, workerInstanceOf } from './worker-requests.ts'
import { dexieStateOf } from './write-to-indexeddb.ts'

/** Re-count at most this often while a large pull writes many batches. */
const RECOUNT_MS = 50

/**
 * The number of live (not deleted) documents of a collection, kept current. With the Dexie
 * storage it counts the object store and subtracts the (few) tombstones: an IndexedDB
 * store count is several times faster than counting an index, which is what a query's
 * count() does, and the dashboard must render in well under 300 ms with 10,000 users.
 * Any other storage falls back to RxDB's count().
 */
export function countLiveDocuments(collection: RxCollection): Observable<number> {
  return recomputeOnChange(collection.eventBulks$.pipe(auditTime(RECOUNT_MS)), () =>
    countStoredDocuments(collection),
  )
}

/**
 * The number of live documents of a collection, read from its storage: never a query's
 * kept answer (RxDB keeps a query's result current from its change events, and a first
 * fill stores without them). Counted where the storage is: in the database worker when it
 * is there (database-storage.ts).
 */
export function countStoredDocuments(collection: RxCollection): Promise<number> {
  const storage = collection.internalStorageInstance
  const { primaryPath } = collection.schema
  return workerInstanceOf(storage)
    ? countInWorker(storage, primaryPath)
    : countLiveStored(storage, primaryPath)
}

/** The number of live documents in one RxDB storage instance (Dexie's counted fast). */
export async function countLiveStored(
  storage: RxStorageInstance<unknown, unknown, unknown>,
  primaryPath: string,
): Promise<number> {
  const state = await dexieStateOf(storage)
  if (!state?.dexieTable) {
    const { schema } = storage
    const query = prepareQuery(schema, normalizeMangoQuery(schema, { selector: {} }))
    return (await storage.count(query)).count
  }
  const table = state.dexieTable
  const byDeleted = `[_deleted+${primaryPath}]`
  // One read transaction, so that the two counts see the same state.
  return state.dexieDb.transaction('r', table, async () => {
    const [all, deleted] = await Promise.all([
      table.count(),
      // The Dexie storage stores _deleted as '1' / '0' (IndexedDB cannot index booleans).
      table.where(byDeleted).between(['1', ''], ['1', '\uffff'], true, true).count(),
    ])
    return all - deleted
  })
}
