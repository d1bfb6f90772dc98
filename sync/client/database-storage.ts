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
} from './shared/database-storage-messages.ts'

/** The database worker's name; its script's URL (a content hash) tells the builds apart. */
const WORKER_NAME = 'centraal-database'

/** How long a page waits for a shared worker's hello before it asks for the worker again. */
const HELLO_WAIT_MS = 3000

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
 * the database worker (worker/database-worker.ts), one per browser where SharedWorker exists and
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
      messageChannelCreator: () => connectToWorker(markLost),
    }),
    lost,
  }
  current = connection
  return connection
}

/**
 * One channel to the database worker, once it said hello. Requests that it never answers
 * because it ended fail (a close succeeds: there is nothing left to close), and so does
 * every later one, so nothing waits forever on a worker that is gone.
 */
async function connectToWorker(onLost: () => void): Promise<RemoteMessageChannel> {
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
  // A worker that could not start is gone as well: the next opening asks for a new one.
  const { worker, lifeLock } = await reachWorker().catch((error: unknown) => {
    endWorker()
    throw error
  })
  worker.onError(endWorker)
  // The worker holds this lock while it lives: granted here once it ended.
  void navigator.locks
    ?.request(lifeLock, { signal: watching.signal }, endWorker)
    .catch(() => undefined)
  // A large answer comes in parts, each read in a task of its own (worker/database-worker.ts),
  // and reaches RxDB whole once its last part is in.
  let parts: unknown[] = []
  worker.port.onmessage = (event: MessageEvent<MessageFromRemote | AnswerPart>) => {
    const message = event.data
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
  return {
    messages$: messages$.asObservable(),
    send(message) {
      if (isLost) return fail(message)
      unanswered.set(message.requestId, message)
      worker.port.postMessage(message)
    },
    async close() {
      watching.abort()
      worker.stop()
      messages$.complete()
    },
  }
}

type StartedWorker = {
  port: MessagePort | Worker
  isShared: boolean
  onError(handle: () => void): void
  stop(): void
}

/**
 * Starts (or, shared, joins) the database worker and waits for its hello. A shared worker
 * that has just ended may still take a connection for a moment and never answer it (a
 * page reaching for a new worker right after the last one ended): after HELLO_WAIT_MS
 * without a hello the page asks again, and gets a new worker, or the same one if it was
 * only slow to start. A worker whose script fails (offline, not cached) fails the call.
 */
async function reachWorker(): Promise<{ worker: StartedWorker; lifeLock: string }> {
  for (;;) {
    const worker = startWorker()
    const hello = await new Promise<WorkerHello | undefined>((resolve, reject) => {
      worker.onError(() => reject(new Error('the database worker could not start')))
      worker.port.onmessage = (event: MessageEvent<WorkerHello>) => {
        if (event.data?.kind === WORKER_HELLO) resolve(event.data)
      }
      if (worker.isShared) setTimeout(() => resolve(undefined), HELLO_WAIT_MS)
    })
    if (hello) return { worker, lifeLock: hello.lifeLock }
    worker.stop()
  }
}

function startWorker(): StartedWorker {
  // Written out in each constructor: that is how Vite finds the worker to build.
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker(new URL('./worker/database-worker.ts', import.meta.url), {
      type: 'module',
      name: WORKER_NAME,
    })
    return {
      port: worker.port,
      isShared: true,
      onError: (handle) => {
        worker.onerror = handle
      },
      stop: () => worker.port.close(),
    }
  }
  const worker = new Worker(new URL('./worker/database-worker.ts', import.meta.url), {
    type: 'module',
    name: WORKER_NAME,
  })
  return {
    port: worker,
    isShared: false,
    onError: (handle) => {
      worker.onerror = handle
    },
    stop: () => worker.terminate(),
  }
}
