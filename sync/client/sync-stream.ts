import { type Observable, Subject } from 'rxjs'
import type { StreamMessage } from '../protocol.ts'
import { noteResponseStatus, SYNC_STREAM_URL } from './sync-http.ts'
import type { SyncStatusStore } from './sync-status.ts'

const FIRST_RETRY_MS = 2000
const MAX_RETRY_MS = 30_000
/** The server sends a heartbeat every 25 s; this long without any event means a dead stream. */
const SILENCE_MS = 60_000

/** RxDB's signal to a collection's replication: pull again from your checkpoint. */
export type ResyncSignal = 'RESYNC'

/** Which session a local database replicates with: the central admin area or Gold Estates. */
export type SyncArea = 'central' | 'sales'

/**
 * ONE EventSource for all collections of a local database, opened once `leadership`
 * resolves: only the tab that replicates listens, so many open tabs never use up the
 * browser's few connections to the host. The server sends RESYNC on every (re)connect,
 * so nothing missed while disconnected is lost; CHANGE names the collections to pull.
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
) {
  // The server streams the collections of the session named by `area`.
  const url = area === 'central' ? SYNC_STREAM_URL : `${SYNC_STREAM_URL}?area=${area}`
  const subjects = new Map(collections.map((name) => [name, new Subject<ResyncSignal>()]))
  let source: EventSource | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let silenceTimer: ReturnType<typeof setTimeout> | undefined
  let retryMs = FIRST_RETRY_MS
  let isClosed = false
  let isLeader = false

  const expectMore = () => {
    clearTimeout(silenceTimer)
    silenceTimer = setTimeout(() => {
      if (!isClosed && navigator.onLine) connect()
    }, SILENCE_MS)
  }

  const resync = (names: Iterable<string>) => {
    for (const name of names) subjects.get(name)?.next('RESYNC')
  }

  const onMessage = (event: MessageEvent<string>) => {
    expectMore()
    let message: StreamMessage
    try {
      message = JSON.parse(event.data) as StreamMessage
    } catch {
      return
    }
    retryMs = FIRST_RETRY_MS
    if (message.type === 'RESYNC') resync(subjects.keys())
    else if (message.type === 'CHANGE') resync(message.collections)
  }

  const connect = () => {
    clearTimeout(retryTimer)
    if (isClosed || !isLeader) return
    source?.close()
    source = new EventSource(url, { withCredentials: true })
    source.onmessage = onMessage
    source.addEventListener('heartbeat', expectMore)
    expectMore()
    source.onerror = () => {
      // CONNECTING: the browser retries by itself and RESYNC follows the reconnect.
      if (source?.readyState === EventSource.CLOSED) scheduleReconnect()
    }
  }

  const scheduleReconnect = () => {
    source?.close()
    clearTimeout(silenceTimer)
    clearTimeout(retryTimer)
    if (isClosed || !navigator.onLine) return // the 'online' listener reconnects
    retryTimer = setTimeout(() => void probeThenConnect(), retryMs)
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
  }

  const probeThenConnect = async () => {
    const controller = new AbortController()
    try {
      const response = await fetch(url, {
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
    retryMs = FIRST_RETRY_MS
    connect()
  }
  window.addEventListener('online', onOnline)
  void leadership.then(() => {
    isLeader = true
    connect()
  })

  return {
    /** The pull.stream$ of one collection's replication. */
    streamOf(collection: string): Observable<ResyncSignal> {
      const subject = subjects.get(collection)
      if (!subject) throw new Error(`No sync stream for ${collection}`)
      return subject.asObservable()
    },
    close() {
      isClosed = true
      clearTimeout(retryTimer)
      clearTimeout(silenceTimer)
      window.removeEventListener('online', onOnline)
      source?.close()
      for (const subject of subjects.values()) subject.complete()
    },
  }
}

/** The stream of one local database. */
export type SyncStream = ReturnType<typeof openSyncStream>
