import { type Observable, Subject } from 'rxjs'
import type { SyncArea } from '../account.ts'
import type { StreamMessage, SyncCheckpoint } from '../protocol.ts'
import { ChangeLedger } from './change-ledger.ts'
import { noteResponseStatus, SYNC_STREAM_URL } from './sync-http.ts'
import type { SyncStatusStore } from './sync-status.ts'

const FIRST_RETRY_MS = 2000
const MAX_RETRY_MS = 30_000
/** The server sends a heartbeat every 25 s; this long without any event means a dead stream. */
const SILENCE_MS = 60_000
/** EventSource.CLOSED, also where there is no EventSource (outside a browser). */
const CLOSED = 2

/** RxDB's signal to a collection's replication: pull again from your checkpoint. */
export type ResyncSignal = 'RESYNC'

/** What the stream needs of an EventSource (a browser's, or a stand-in outside one). */
export type EventSourceLike = {
  readonly readyState: number
  onmessage: ((event: MessageEvent<string>) => void) | null
  onerror: ((event: Event) => void) | null
  addEventListener(type: 'heartbeat', listener: () => void): void
  close(): void
}

/**
 * ONE EventSource for all collections of a local database, opened once `leadership`
 * resolves: only the tab that replicates listens, so many open tabs never use up the
 * browser's few connections to the host. The server sends RESYNC on every (re)connect,
 * so nothing missed while disconnected is lost. After a write it sends the changed
 * documents themselves (CHANGES, decision 018): each collection's ledger keeps them until
 * its pull takes them, without asking the server, as long as they continue what the
 * collection holds; a gap (a missed event), other rights or another epoch pull instead.
 * A heartbeat arrives every 25 s: a stream silent for a minute (a proxy or a sleeping
 * network that kept it half open) is reopened. The browser reconnects a dropped stream
 * itself; a stream it gave up on (an HTTP error, or no network at all) is probed with a
 * plain fetch, so that 401 and 426 reach the status store, and reopened with backoff or
 * when the browser is online.
 */
export function openSyncStream(
  collections: readonly string[],
  syncStatus: SyncStatusStore,
  area: SyncArea = 'central',
  leadership: Promise<unknown> = Promise.resolve(),
  options: {
    /** The epoch the device's data belongs to: changes of another are never taken. */
    epochOf?: () => string | undefined
    /** The browser's EventSource unless given (replication outside a browser). */
    openEventSource?: (url: string) => EventSourceLike
    /** The page's fetch unless given, to probe a stream the browser gave up on. */
    fetch?: typeof fetch
    /** The first and longest wait before reopening a closed stream (2 s and 30 s unless given). */
    reconnectMs?: { first: number; max: number }
  } = {},
) {
  const firstRetryMs = options.reconnectMs?.first ?? FIRST_RETRY_MS
  const maxRetryMs = options.reconnectMs?.max ?? MAX_RETRY_MS
  // The server streams the collections of the session named by `area`.
  const url = `${SYNC_STREAM_URL}?${new URLSearchParams({ area, documents: '1' })}`
  const subjects = new Map(collections.map((name) => [name, new Subject<ResyncSignal>()]))
  const ledgers = new Map(collections.map((name) => [name, new ChangeLedger()]))
  const openEventSource =
    options.openEventSource ?? ((href: string) => new EventSource(href, { withCredentials: true }))
  const probe = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const isOnline = () => globalThis.navigator?.onLine ?? true
  let source: EventSourceLike | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let silenceTimer: ReturnType<typeof setTimeout> | undefined
  let retryMs = firstRetryMs
  let isClosed = false
  let isLeader = false

  const expectMore = () => {
    clearTimeout(silenceTimer)
    silenceTimer = setTimeout(() => {
      if (!isClosed && isOnline()) connect()
    }, SILENCE_MS)
  }

  const onMessage = (event: MessageEvent<string>) => {
    expectMore()
    const message = parseMessage(event.data)
    if (message === undefined) return
    retryMs = firstRetryMs
    handOn(message, subjects, ledgers)
  }

  const connect = () => {
    clearTimeout(retryTimer)
    if (isClosed || !isLeader) return
    source?.close()
    source = openEventSource(url)
    source.onmessage = onMessage
    source.addEventListener('heartbeat', expectMore)
    expectMore()
    source.onerror = () => {
      // CONNECTING: the browser retries by itself and RESYNC follows the reconnect.
      if (source?.readyState === CLOSED) scheduleReconnect()
    }
  }

  const scheduleReconnect = () => {
    source?.close()
    clearTimeout(silenceTimer)
    clearTimeout(retryTimer)
    if (isClosed || !isOnline()) return // the 'online' listener reconnects
    retryTimer = setTimeout(() => void probeThenConnect(), retryMs)
    retryMs = Math.min(retryMs * 2, maxRetryMs)
  }

  const probeThenConnect = async () => {
    const controller = new AbortController()
    try {
      const response = await probe(url, {
        credentials: 'include',
        cache: 'no-store',
        signal: controller.signal,
      })
      controller.abort()
      noteResponseStatus(response, syncStatus)
      if (response.status === 401 || response.status === 426) return
      connect()
    } catch {
      scheduleReconnect()
    }
  }

  const onOnline = () => {
    retryMs = firstRetryMs
    connect()
  }
  globalThis.addEventListener?.('online', onOnline)
  void leadership.then(() => {
    isLeader = true
    connect()
  })

  return {
    ...streamedTo(subjects, ledgers, options.epochOf),
    close() {
      isClosed = true
      clearTimeout(retryTimer)
      clearTimeout(silenceTimer)
      globalThis.removeEventListener?.('online', onOnline)
      source?.close()
      for (const subject of subjects.values()) subject.complete()
    },
  }
}

/** The stream of one local database. */
export type SyncStream = ReturnType<typeof openSyncStream>

type Subjects = ReadonlyMap<string, Subject<ResyncSignal>>
type Ledgers = ReadonlyMap<string, ChangeLedger>

/** A stream message, or undefined for anything else. */
function parseMessage(data: string): StreamMessage | undefined {
  try {
    return JSON.parse(data) as StreamMessage
  } catch {
    return undefined
  }
}

/** Hands a message on: to the collections' ledgers, and to the pulls that must run. */
function handOn(message: StreamMessage, subjects: Subjects, ledgers: Ledgers) {
  const resync = (names: Iterable<string>) => {
    for (const name of names) subjects.get(name)?.next('RESYNC')
  }
  if (message.type === 'RESYNC') {
    for (const ledger of ledgers.values()) ledger.forget()
    resync(subjects.keys())
  } else if (message.type === 'CHANGE') {
    resync(message.collections)
  } else if (message.type === 'CHANGES') {
    const { from, to, access, epoch } = message
    for (const [name, ledger] of ledgers) {
      const documents = message.documents[name] ?? []
      if (ledger.add({ from, to, access, epoch, documents }) === 'pull') resync([name])
    }
  }
}

/** What each collection's replication takes from the stream. */
function streamedTo(subjects: Subjects, ledgers: Ledgers, epochOf?: () => string | undefined) {
  return {
    /** The pull.stream$ of one collection's replication. */
    streamOf(collection: string): Observable<ResyncSignal> {
      const subject = subjects.get(collection)
      if (!subject) throw new Error(`No sync stream for ${collection}`)
      return subject.asObservable()
    },
    /** The streamed changes waiting for a collection's pull, if they can be taken. */
    takeStreamed(collection: string, checkpoint: SyncCheckpoint | undefined) {
      return ledgers.get(collection)?.take(checkpoint, epochOf?.())
    },
    /** A pull of the collection under `access` read everything up to `upTo`. */
    caughtUp(collection: string, upTo: number, access: string) {
      ledgers.get(collection)?.caughtUp(upTo, access, epochOf?.())
    },
    /** Forgets what was streamed: the next pulls ask the server (as after a RESYNC). */
    forget() {
      for (const ledger of ledgers.values()) ledger.forget()
    },
  }
}
