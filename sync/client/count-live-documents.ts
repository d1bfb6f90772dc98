import type { RxCollection } from 'rxdb'
import { auditTime, type Observable } from 'rxjs'
import { recomputeOnChange } from './recompute-on-change.ts'
import { countLiveStored } from './worker/count-live-stored.ts'
import { countInWorker, workerInstanceOf } from './worker-requests.ts'

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
 * is there (database-storage.ts), else on this page (Node's tests).
 */
export function countStoredDocuments(collection: RxCollection): Promise<number> {
  const storage = collection.internalStorageInstance
  const { primaryPath } = collection.schema
  return workerInstanceOf(storage)
    ? countInWorker(storage, primaryPath)
    : countLiveStored(storage, primaryPath)
}
