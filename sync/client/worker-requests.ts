import type { MessageFromRemote, RxStorageRemoteInternals } from 'rxdb/plugins/storage-remote'
import { RXDB_VERSION } from 'rxdb/plugins/utils'
import type { SalesFiguresAnswer, SalesFiguresQuestion } from '#schema/local-sales-data'

// The requests a page makes of the database worker (database-worker.ts) beside RxDB's own
// storage calls: the two that reach past RxDB into IndexedDB (decision 011) and must run
// where the IndexedDB connection is, and the Gold Estates figures, built where the sales
// are (decision 026). They travel on the storage instance's own channel, as
// RxDB's `custom` messages, so they are answered in the order the page sent them.

/** A document to store, and the state this writer stored of it before (if any). */
export type DirectWriteRow<Document extends { id: string; _rev: string }> = {
  document: Document
  previous?: Document
}

/** Names one storage instance in the worker, as RxDB's remote side names it. */
export type InstanceKey = { databaseName: string; collectionName: string; schemaVersion: number }

type WriteRows = readonly DirectWriteRow<{ id: string; _rev: string }>[]

/**
 * Figures of a sales database (the dashboard, the statistics), built where its documents
 * are. Sent on the sales collection's channel; the other collections are named by their
 * schema version.
 */
export type SalesFiguresRequest = {
  kind: 'salesFigures'
  schemaVersions: { projects: number; sellers: number; commission_payments: number }
  /** The organisation's payment term as last seen (localStorage, which a worker cannot read). */
  termDays: number
  question: SalesFiguresQuestion
}

type PageRequest =
  | { kind: 'write'; rows: WriteRows }
  | { kind: 'count'; primaryPath: string }
  | SalesFiguresRequest

export type WorkerRequest = (PageRequest & InstanceKey) | { kind: 'stop' }

/** The key of a storage instance in RxDB's remote side (its `instanceByFullName`). */
export function instanceKeyOf({ databaseName, collectionName, schemaVersion }: InstanceKey) {
  return [databaseName, collectionName, schemaVersion].join('|')
}

/** The remote side of a storage instance that lives in the database worker, if it does. */
export function workerInstanceOf(storage: object): RxStorageRemoteInternals | undefined {
  const internals = (storage as { internals?: Partial<RxStorageRemoteInternals> }).internals
  return internals?.messageChannel && internals.connectionId
    ? (internals as RxStorageRemoteInternals)
    : undefined
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
