/// <reference lib="webworker" />
// The database worker: one per browser (a SharedWorker; a dedicated Worker per tab where
// SharedWorker is missing), started by ../database-storage.ts. It holds the IndexedDB
// connections behind every tab's local databases, so that opening, indexing, querying and
// storing leave the pages' threads; pages reach it through RxDB's remote storage and keep
// their RxDB databases, live queries and replication (decision 025). What this thread
// loads lives in sync/client/worker/ and sync/client/shared/, fenced in biome.json: no page
// module, no localStorage, no window, no React.

import {
  getPrimaryFieldOfPrimaryKey,
  normalizeMangoQuery,
  prepareQuery,
  type RxDocumentData,
  type RxStorageInstance,
} from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import {
  exposeRxStorageRemote,
  type MessageFromRemote,
  type MessageToRemote,
} from 'rxdb/plugins/storage-remote'
import { Subject } from 'rxjs'
import { buildSalesFigures, salesDataOf } from '#schema/local-sales-data'
import {
  ANSWER_PART,
  type AnswerPart,
  DOCUMENTS_PER_MESSAGE,
  WORKER_HELLO,
  type WorkerHello,
} from '../shared/database-storage-messages.ts'
import {
  type InstanceKey,
  instanceKeyOf,
  type SalesFiguresRequest,
  type WorkerRequest,
} from '../shared/worker-request-types.ts'
import { countLiveStored } from './count-live-stored.ts'
import { keepDocuments } from './kept-documents.ts'
import { writeToIndexedDb } from './write-to-indexeddb.ts'

type Port = Pick<MessagePort, 'postMessage'>

const scope = globalThis as unknown as
  | (SharedWorkerGlobalScope & { onconnect: unknown })
  | DedicatedWorkerGlobalScope

/**
 * Held as long as this worker lives: a page waiting for it learns that the worker is gone
 * (ended, crashed, closed by the browser) and opens its database again with a new one.
 */
const lifeLock = `centraal-database-worker:${crypto.randomUUID()}`
const alive = new Promise<void>((resolve) => {
  void navigator.locks.request(lifeLock, () => {
    resolve()
    return new Promise<never>(() => undefined)
  })
})

const messages$ = new Subject<MessageToRemote>()
/** Which page a connection (one storage instance of one page) answers to. */
const portOf = new Map<string, Port>()

const { instanceByFullName } = exposeRxStorageRemote({
  storage: getRxStorageDexie(),
  messages$,
  send(message: MessageFromRemote) {
    const port = portOf.get(message.connectionId)
    // A connection ends with the answer to its close or remove.
    if (message.method === 'close' || message.method === 'remove') {
      portOf.delete(message.connectionId)
    }
    try {
      for (const part of inParts(message)) port?.postMessage(part)
    } catch (error) {
      console.warn('database worker: a page could not be answered', error)
    }
  },
  customRequestHandler: (request: WorkerRequest) => handle(request),
})

/**
 * An answer of RxDB's storage as it travels to the page: one with many documents (a query
 * of thousands) in parts of DOCUMENTS_PER_MESSAGE, which the page reads each in a task of
 * its own and puts together (database-storage.ts). Rebuilding a copy of 5,000 sales
 * (10 MB) took the page's thread 130 ms in one task; sent as JSON, parsing it as long.
 */
function inParts(message: MessageFromRemote): (MessageFromRemote | AnswerPart)[] {
  const value = message.return as { documents?: unknown } | unknown[] | undefined
  const isArray = Array.isArray(value)
  const documents = isArray ? value : value && (value as { documents?: unknown }).documents
  if (!Array.isArray(documents) || documents.length <= DOCUMENTS_PER_MESSAGE) return [message]
  const { documents: _, ...rest } = isArray ? {} : (value as Record<string, unknown>)
  const parts: AnswerPart[] = []
  for (let start = 0; start < documents.length; start += DOCUMENTS_PER_MESSAGE) {
    const isLast = start + DOCUMENTS_PER_MESSAGE >= documents.length
    parts.push({
      kind: ANSWER_PART,
      connectionId: message.connectionId,
      answerTo: message.answerTo,
      method: message.method,
      documents: documents.slice(start, start + DOCUMENTS_PER_MESSAGE),
      isArray,
      rest: isLast ? rest : undefined,
      isLast,
    })
  }
  return parts
}

async function handle(request: WorkerRequest): Promise<unknown> {
  // A page may end the worker, as a crash would (the tests do: many-tabs.test.ts).
  if (request.kind === 'stop') {
    scope.close()
    return null
  }
  const storage = await openedInstance(request)
  if (request.kind === 'count') return countLiveStored(storage, request.primaryPath)
  if (request.kind === 'salesFigures') return buildSalesFiguresHere(request)
  // Written past RxDB (no change event): what was read before, or while it writes, is old.
  keptDocuments.forget(storage)
  const kept = await writeToIndexedDb(storage, request.rows).finally(() =>
    keptDocuments.forget(storage),
  )
  return kept ? [...kept] : null
}

type Instance = RxStorageInstance<unknown, unknown, unknown>

/** A storage instance a page has open in this worker. */
async function openedInstance(key: InstanceKey): Promise<Instance> {
  const state = instanceByFullName.get(instanceKeyOf(key))
  if (!state) throw new Error(`no storage open for ${key.collectionName}`)
  return (await state.storageInstancePromise) as Instance
}

/**
 * Figures of a sales database (its dashboard, its statistics) from its live documents,
 * read here: the page gets the figures, not 5,000 sales to copy and turn into RxDB
 * documents.
 */
async function buildSalesFiguresHere(request: SalesFiguresRequest & InstanceKey) {
  const { databaseName, schemaVersions } = request
  const readLive = async (collectionName: string, schemaVersion: number) =>
    readLiveDocuments(await openedInstance({ databaseName, collectionName, schemaVersion }))
  const [projects, sellers, sales, payments] = await Promise.all([
    readLive('projects', schemaVersions.projects),
    readLive('sellers', schemaVersions.sellers),
    readLive(request.collectionName, request.schemaVersion),
    readLive('commission_payments', schemaVersions.commission_payments),
  ])
  const data = salesDataOf({ projects, sellers, sales, payments }, request.termDays)
  return buildSalesFigures(data, request.question)
}

/**
 * The live documents of the instances the figures read, kept from one question to the
 * next (keepDocuments), the change events' documents put into them. Only in the shared
 * worker, which every write of every tab goes through (a change event, or a direct write:
 * forget in `handle`); a dedicated worker does
 * not see another tab's first fill, and reads each time. Documents nobody asked about for
 * five minutes are let go: a tab left open all day does not hold a copy of an area it no
 * longer looks at.
 */
const keepsDocuments = 'onconnect' in scope
const keptDocuments = keepDocuments<Instance, RxDocumentData<unknown>>({
  read: readLiveStored,
  changesOf: (storage) => storage.changeStream(),
  idOf: (storage, document) =>
    (document as Record<string, unknown> as Record<string, string>)[
      getPrimaryFieldOfPrimaryKey(storage.schema.primaryKey)
    ] ?? '',
  idleMs: 5 * 60_000,
})

function readLiveDocuments(storage: Instance): Promise<never[]> {
  return (keepsDocuments ? keptDocuments.read(storage) : readLiveStored(storage)) as Promise<
    never[]
  >
}

/** The live documents, in the order of their ids (the query's sort when none is asked). */
async function readLiveStored(storage: Instance): Promise<RxDocumentData<unknown>[]> {
  const { schema } = storage
  const query = normalizeMangoQuery(schema, { selector: { _deleted: { $eq: false } } as never })
  return (await storage.query(prepareQuery(schema, query))).documents
}

function listen(port: Port & { onmessage: unknown }) {
  ;(port as MessagePort).onmessage = (event: MessageEvent<MessageToRemote>) => {
    const message = event.data
    if (!message?.connectionId) return
    portOf.set(message.connectionId, port)
    messages$.next(message)
  }
  const hello: WorkerHello = { kind: WORKER_HELLO, lifeLock }
  void alive.then(() => port.postMessage(hello))
}

if ('onconnect' in scope) {
  scope.onconnect = (event: MessageEvent) => {
    const port = event.ports[0]
    if (port) listen(port)
  }
} else {
  listen(scope)
}
