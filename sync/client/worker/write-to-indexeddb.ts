import type { DexieStorageInternals } from 'rxdb'
import type { DirectWriteRow } from '../shared/worker-request-types.ts'

/** RxDB's Dexie storage keeps every document in this object store of its database. */
const DOCUMENTS_STORE = 'docs'

/**
 * How many documents one task hands to IndexedDB. Each `add` or `put` copies its document
 * (a structured clone) on the thread that writes before it returns: a whole page of a first
 * fill in one task was the largest item of the page's thread during a Gold Estates fill
 * (decision 011). The rest of the page follows in the same transaction, from the callback
 * of the part before.
 */
const ROWS_PER_TASK = 200

/**
 * Stores documents straight into the IndexedDB object store behind RxDB's Dexie storage,
 * in the form that storage gives them (decision 011, "Storing a page without RxDB's
 * write"): one transaction of plain `add`s and `put`s. RxDB's own write reads every
 * document first, converts each field by field and announces each write to the page's
 * queries and the other tabs; that work was half of a first fill's time. Nothing is
 * announced here: `isUnwatched` (if given) tells, just before the write, whether anything
 * that would have to hear of it exists (a query of the collection, ../first-fill.ts); if not
 * unwatched, nothing is written and the caller writes through RxDB.
 *
 * A document without `previous` is added only if absent, one with it replaced only if
 * the stored one is still that state: a document written meanwhile (by the person on
 * this device) stays, as RxDB's write would keep it with a 409. Answers the ids that
 * stayed, or undefined when the storage is not RxDB's Dexie storage or is watched (the
 * caller writes through RxDB then).
 */
export async function writeToIndexedDb<Document extends { id: string; _rev: string }>(
  /** An RxDB storage instance (a collection's, or a replication's meta store). */
  storage: object,
  rows: readonly DirectWriteRow<Document>[],
  isUnwatched: () => boolean = () => true,
): Promise<Set<string> | undefined> {
  const state = await dexieStateOf(storage)
  const database = state?.dexieDb.backendDB() as IDBDatabase | undefined
  if (!state || !database || !canStoreAsIs(state.booleanIndexes)) return undefined
  const toRecord = recordOf(state.booleanIndexes)
  // Checked in the same turn as the transaction starts: a query made after it reads the
  // store only once the transaction is done (IndexedDB orders them).
  if (!isUnwatched()) return undefined
  return new Promise((resolve, reject) => {
    const kept = new Set<string>()
    const transaction = database.transaction(DOCUMENTS_STORE, 'readwrite')
    const store = transaction.objectStore(DOCUMENTS_STORE)
    const request = ({ document, previous }: DirectWriteRow<Document>): IDBRequest => {
      if (!previous) {
        const adding = store.add(toRecord(document))
        adding.onerror = (event) => {
          // Already there (a ConstraintError): written meanwhile, it stays.
          event.preventDefault()
          event.stopPropagation()
          kept.add(document.id)
        }
        return adding
      }
      const reading = store.get(document.id)
      reading.onsuccess = () => {
        if ((reading.result as Document | undefined)?._rev === previous._rev) {
          store.put(toRecord(document))
        } else {
          kept.add(document.id)
        }
      }
      return reading
    }
    // A part's requests settle in the order they were made: when its last one has, the
    // next part goes into the same transaction, which stays open while requests follow.
    const requestFrom = (start: number) => {
      const part = rows.slice(start, start + ROWS_PER_TASK).map(request)
      if (start + ROWS_PER_TASK >= rows.length) return
      part.at(-1)?.addEventListener('success', () => requestFrom(start + ROWS_PER_TASK))
      part.at(-1)?.addEventListener('error', () => requestFrom(start + ROWS_PER_TASK))
    }
    requestFrom(0)
    transaction.oncomplete = () => resolve(kept)
    transaction.onerror = () => reject(transaction.error)
    transaction.onabort = () => reject(transaction.error ?? new Error('transaction aborted'))
  })
}

/**
 * What RxDB's Dexie storage keeps behind a storage instance (its Dexie database and table),
 * or undefined for any other storage.
 */
export async function dexieStateOf(
  /** An RxDB storage instance. */
  storage: object,
): Promise<Awaited<DexieStorageInternals> | undefined> {
  const internals = (storage as { internals?: DexieStorageInternals }).internals
  return internals && typeof internals.then === 'function' ? await internals : undefined
}

/**
 * The Dexie storage stores a boolean that is indexed as '1' / '0' (IndexedDB cannot index
 * booleans) and renames fields that start with '|'; no schema of this app has such a
 * field. Only top-level indexed booleans (`_deleted`, ...) are converted here.
 */
function canStoreAsIs(booleanIndexes: readonly string[]) {
  return booleanIndexes.every((field) => !field.includes('.') && !field.startsWith('|'))
}

function recordOf(booleanIndexes: readonly string[]) {
  return (document: Record<string, unknown>) => {
    const record: Record<string, unknown> = { ...document }
    for (const field of booleanIndexes) record[field] = document[field] ? '1' : '0'
    return record
  }
}
