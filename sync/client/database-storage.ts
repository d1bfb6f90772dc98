import type { RxStorage } from 'rxdb'
import {
  getRxStorageRemote,
  type MessageFromRemote,
  type MessageToRemote,
  type RemoteMessageChannel,
} from 'rxdb/plugins/storage-remote'
import { Subject } from 'rxjs'
import {
  ANSWER_PART,
  type AnswerPart,
  WORKER_HELLO,
  type WorkerHello,
} from './database-storage-messages.ts'

/** The database worker's name; its script's URL (a content hash) tells the builds apart. */
const WORKER_NAME = 'centraal-database'

/** Where this page's local databases are stored, and how it learns that place is gone. */
export type DatabaseStorage = {
  // biome-ignore lint/suspicious/noExplicitAny: RxDB's storages are typed per implementation
  storage: RxStorage<any, any>
  /** Resolves when the worker behind `storage` has ended: its databases must open again. */
  lost: Promise<void>
}

let current: DatabaseStorage | undefined

/**
 * The storage of this page's local databases (decision 025): RxDB's remote storage in
 * the database worker (database-worker.ts), one per browser where SharedWorker exists and
 * one per tab where only Worker does; RxDB's Dexie storage on the page where neither does
 * (Node's tests). After the worker ended (`lost`), the next call connects to a new one.
 */
export async function getDatabaseStorage(): Promise<DatabaseStorage> {
  if (current) return current
  if (typeof SharedWorker === 'undefined' && typeof Worker === 'undefined') {
    // Loaded only here: with a worker, the page carries none of Dexie's code.
    const { getRxStorageDexie } = await import('rxdb/plugins/storage-dexie')
    current ??= { storage: getRxStorageDexie(), lost: new Promise(() => undefined) }
    return current
  }
  let markLost: () => void = () => undefined
  const lost = new Promise<void>((resolve) => {
    markLost = () => {
      if (current === connection) current = undefined
      resolve()
    }
  })
  const connection: DatabaseStorage = {
    storage: getRxStorageRemote({
      identifier: WORKER_NAME,
      mode: 'storage',
      messageChannelCreator: () => Promise.resolve(connectToWorker(markLost)),
    }),
    lost,
  }
  current = connection
  return connection
}

/**
 * One channel to the database worker. Requests that it never answers because it ended
 * fail (a close succeeds: there is nothing left to close), and so does every later one,
 * so nothing waits forever on a worker that is gone.
 */
function connectToWorker(onLost: () => void): RemoteMessageChannel {
  const messages$ = new Subject<MessageFromRemote>()
  const unanswered = new Map<string, MessageToRemote>()
  const watching = new AbortController()
  let isLost = false
  const fail = (message: MessageToRemote) =>
    queueMicrotask(() =>
      messages$.next({
        connectionId: message.connectionId,
        answerTo: message.requestId,
        method: message.method,
        ...(message.method === 'close'
          ? { return: null }
          : { error: { name: 'DatabaseWorkerEnded', message: 'the database worker has ended' } }),
      }),
    )
  const endWorker = () => {
    if (isLost) return
    isLost = true
    watching.abort()
    for (const message of unanswered.values()) fail(message)
    unanswered.clear()
    onLost()
  }
  // A large answer comes in parts, each read in a task of its own (database-worker.ts),
  // and reaches RxDB whole once its last part is in.
  let parts: unknown[] = []
  const receive = (event: MessageEvent<MessageFromRemote | AnswerPart | WorkerHello>) => {
    const message = event.data
    if ('kind' in message && message.kind === WORKER_HELLO) {
      // The worker holds this lock while it lives: granted here once it ended.
      void navigator.locks
        ?.request(message.lifeLock, { signal: watching.signal }, endWorker)
        .catch(() => undefined)
      return
    }
    let answer = message as MessageFromRemote
    if ('kind' in message && message.kind === ANSWER_PART) {
      parts.push(...message.documents)
      if (!message.isLast) return
      const documents = parts
      parts = []
      const { connectionId, answerTo, method } = message
      const value = message.isArray ? documents : { ...message.rest, documents }
      answer = {
        connectionId,
        answerTo,
        method: method as MessageFromRemote['method'],
        return: value,
      }
    }
    unanswered.delete(answer.answerTo)
    messages$.next(answer)
  }
  // Written out in each constructor: that is how Vite finds the worker to build.
  let port: MessagePort | Worker
  let stop: () => void
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker(new URL('./database-worker.ts', import.meta.url), {
      type: 'module',
      name: WORKER_NAME,
    })
    worker.onerror = endWorker
    port = worker.port
    stop = () => worker.port.close()
  } else {
    const worker = new Worker(new URL('./database-worker.ts', import.meta.url), {
      type: 'module',
      name: WORKER_NAME,
    })
    worker.onerror = endWorker
    port = worker
    stop = () => worker.terminate()
  }
  port.onmessage = receive
  return {
    messages$: messages$.asObservable(),
    send(message) {
      if (isLost) return fail(message)
      unanswered.set(message.requestId, message)
      port.postMessage(message)
    },
    async close() {
      watching.abort()
      stop()
      messages$.complete()
    },
  }
}
