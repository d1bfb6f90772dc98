import type { MessageFromRemote, RxStorageRemoteInternals } from 'rxdb/plugins/storage-remote'
import { RXDB_VERSION } from 'rxdb/plugins/utils'
import type { SalesFiguresAnswer, SalesFiguresQuestion } from '#schema/local-sales-data'
import type {
  DirectWriteRow,
  PageRequest,
  SalesFiguresRequest,
} from './shared/worker-request-types.ts'
import { writeToIndexedDb } from './worker/write-to-indexeddb.ts'

// The requests a page makes of the database worker (worker/database-worker.ts) beside RxDB's own
// storage calls: the two that reach past RxDB into IndexedDB (decision 011) and must run
// where the IndexedDB connection is, and the Gold Estates figures, built where the sales
// are (decision 026). They travel on the storage instance's own channel, as
// RxDB's `custom` messages, so they are answered in the order the page sent them.

/** The remote side of a storage instance that lives in the database worker, if it does. */
export function workerInstanceOf(storage: object): RxStorageRemoteInternals | undefined {
  const internals = (storage as { internals?: Partial<RxStorageRemoteInternals> }).internals
  return internals?.messageChannel && internals.connectionId
    ? (internals as RxStorageRemoteInternals)
    : undefined
}

/**
 * Stores documents straight into the IndexedDB store behind a storage instance
 * (writeToIndexedDb, decision 011) where that store is: in the database worker when the
 * instance lives there, else on this page (Node's tests, which have no worker). Answers
 * as writeToIndexedDb does.
 */
export async function writeWhereStored<Document extends { id: string; _rev: string }>(
  /** An RxDB storage instance (a collection's, or a replication's meta store). */
  storage: object,
  rows: readonly DirectWriteRow<Document>[],
  isUnwatched: () => boolean = () => true,
): Promise<Set<string> | undefined> {
  if (workerInstanceOf(storage)) {
    // In the database worker (database-storage.ts): checked as the request leaves, which
    // the worker answers before any storage call this page makes after it.
    if (!isUnwatched()) return undefined
    return writeInWorker(storage, rows)
  }
  return writeToIndexedDb(storage, rows, isUnwatched)
}

let lastRequest = 0

/**
 * Stores documents straight into the worker's IndexedDB (writeToIndexedDb there). Answers
 * the ids that stayed as they were, or null when the worker's storage cannot take them so.
 */
export async function writeInWorker(
  storage: object,
  rows: readonly DirectWriteRow<{ id: string; _rev: string }>[],
): Promise<Set<string> | undefined> {
  const kept = (await askDatabaseWorker(storage, { kind: 'write', rows })) as string[] | null
  return kept ? new Set(kept) : undefined
}

/** The number of live documents in a storage instance of the worker (countLiveStored there). */
export async function countInWorker(storage: object, primaryPath: string): Promise<number> {
  return (await askDatabaseWorker(storage, { kind: 'count', primaryPath })) as number
}

/** Figures of a sales database built in the worker (buildSalesFigures there). */
export async function buildSalesFiguresInWorker<Question extends SalesFiguresQuestion>(
  salesStorage: object,
  request: Omit<SalesFiguresRequest, 'kind' | 'question'> & { question: Question },
): Promise<SalesFiguresAnswer<Question>> {
  const answer = await askDatabaseWorker(salesStorage, { kind: 'salesFigures', ...request })
  return answer as SalesFiguresAnswer<Question>
}

/**
 * Asks the database worker behind a storage instance, on that instance's channel. The
 * request leaves in this turn: a storage call made after it is answered after it.
 */
function askDatabaseWorker(storage: object, request: PageRequest): Promise<unknown> {
  const remote = workerInstanceOf(storage)
  if (!remote) throw new Error('this storage is not in the database worker')
  const { databaseName, collectionName, schema } = remote.params
  const params = { ...request, databaseName, collectionName, schemaVersion: schema.version }
  const requestId = `page-request|${++lastRequest}|${Math.random().toString(36).slice(2)}`
  return new Promise((resolve, reject) => {
    const subscription = remote.messageChannel.messages$.subscribe((message: MessageFromRemote) => {
      if (message.answerTo !== requestId) return
      subscription.unsubscribe()
      if (message.error) reject(new Error(`database worker: ${message.error.message}`))
      else resolve(message.return)
    })
    remote.messageChannel.send({
      connectionId: remote.connectionId,
      requestId,
      method: 'custom',
      version: RXDB_VERSION,
      params,
    })
  })
}
