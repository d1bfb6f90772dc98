import { setMaxListeners } from 'node:events'
import {
  createRxDatabase,
  getComposedPrimaryKeyOfDocumentData,
  type RxCollection,
  type RxDatabase,
} from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { merge, Subject } from 'rxjs'
import type { SyncArea } from '#sync/account'
import { addReplicatedCollections } from '#sync/client/add-replicated-collections'
import {
  CENTRAL_COLLECTIONS,
  type ClientCollection,
  SALES_COLLECTIONS,
} from '#sync/client/collections'
import { readKnownEpoch } from '#sync/client/organisation-epoch'
import { replicateCollection } from '#sync/client/replicate-collection'
import type { RetryTiming } from '#sync/client/retry-backoff'
import type { SyncTransport } from '#sync/client/sync-http'
import { createSyncStatus, type RefusedChange } from '#sync/client/sync-status'
import { openSyncStream, type ResyncSignal, type SyncStream } from '#sync/client/sync-stream'
import {
  formatSyncAccount,
  type PushResponse,
  type SyncCheckpoint,
  type WireDocument,
} from '#sync/protocol'
import { createFetchEventSource } from './fetch-event-source.ts'
import { traceCall, traceLedger, traceSource } from './sync-trace.ts'

// A device of the product run in Node: its own RxDB database (memory storage), the
// product's collections, conflict handler and replication, and a network of its own
// (cookie jar, an "offline" switch, answers that get lost when the network drops).

/** The collections a device of an area replicates, as the web app opens them. */
export const AREA_COLLECTIONS: Record<SyncArea, readonly ClientCollection[]> = {
  central: CENTRAL_COLLECTIONS,
  sales: SALES_COLLECTIONS,
}

/**
 * RxDB without a premium licence opens at most 13 collections per JavaScript realm, and
 * every test device shares this one: a device opens only the collections a run needs.
 */
export const RXDB_OPEN_COLLECTION_LIMIT = 13

// RxDB's bookkeeping beside the fields; never part of what is compared.
const LOCAL_KEYS = ['_meta', '_rev', '_attachments']

/** A push the server answered (2xx): what was sent and what came back. */
export type AnsweredPush = {
  remote: string
  rows: { newDocumentState: WireDocument; assumedMasterState?: WireDocument | null }[]
  answer: PushResponse
}

/** Ends the process-wide `online` event stand-in installed by installOnlineEvents. */
export type OnlineEvents = { dispatchOnline(): void; uninstall(): void }

/**
 * Stand-in for the browser's `online` event on globalThis (Node has none): the product's
 * retry backoff ends its wait when it hears it. One process holds every test device, so
 * a device coming back online wakes the waits of all of them, once, which only costs an
 * early retry.
 */
export function installOnlineEvents(): OnlineEvents {
  const scope = globalThis as unknown as Partial<EventTarget>
  if (scope.addEventListener) {
    return { dispatchOnline: () => scope.dispatchEvent?.(new Event('online')), uninstall() {} }
  }
  const target = new EventTarget()
  // Every waiting retry of every device listens at once.
  setMaxListeners(1000, target)
  scope.addEventListener = target.addEventListener.bind(target)
  scope.removeEventListener = target.removeEventListener.bind(target)
  scope.dispatchEvent = target.dispatchEvent.bind(target)
  return {
    dispatchOnline: () => target.dispatchEvent(new Event('online')),
    uninstall() {
      delete scope.addEventListener
      delete scope.removeEventListener
      delete scope.dispatchEvent
    },
  }
}

/** A stand-in for the server's event stream: RESYNC for every collection when told. */
export function createResyncStream(remotes: readonly string[]) {
  const subjects = new Map(remotes.map((remote) => [remote, new Subject<ResyncSignal>()]))
  const stream: SyncStream = {
    streamOf(remote) {
      const subject = subjects.get(remote)
      if (!subject) throw new Error(`No sync stream for ${remote}`)
      return subject.asObservable()
    },
    takeStreamed: () => undefined,
    caughtUp() {},
    forget() {},
    close() {
      for (const subject of subjects.values()) subject.complete()
    },
  }
  return {
    stream,
    resync() {
      for (const subject of subjects.values()) subject.next('RESYNC')
    },
  }
}

/** A fetch of one device: its own cookies, and no network while it is offline. */
function createDeviceNetwork(options: {
  name: string
  cookies: Map<string, string>
  origin: () => string
  onPushSent?: () => void
  onPushAnswered?: (push: AnsweredPush) => void
}) {
  const network = {
    isOffline: false,
    failedCalls: 0,
    pushesInFlight: 0,
    pulls: 0,
    /** The RESYNCs the server's event stream sent, each handled (every collection pulls). */
    resyncsHeard: 0,
  }
  const offline = () => {
    network.failedCalls++
    return new TypeError('Failed to fetch')
  }
  const cookieHeader = () =>
    [...options.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const send = (url: string, init?: RequestInit) =>
    traceCall(options.name, url, init, sendOnce(url, init))
  const sendOnce = async (url: string, init?: RequestInit) => {
    if (network.isOffline) throw offline()
    const response = await fetch(url, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), cookie: cookieHeader() },
    }).catch((error: unknown) => {
      network.failedCalls++ // the server is down, or was killed while it answered
      throw error
    })
    for (const line of response.headers.getSetCookie()) {
      const [name, ...value] = (line.split(';')[0] ?? '').split('=')
      if (name) options.cookies.set(name.trim(), value.join('='))
    }
    // The network went away while the answer was on its way: the server did the work,
    // the device never learns it.
    if (network.isOffline) {
      await response.body?.cancel()
      throw offline()
    }
    return response
  }
  const transport: SyncTransport = {
    get origin() {
      return options.origin()
    },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input)
      if (/\/api\/sync\/v\d+\/[^/]+\/pull\?/.test(url)) network.pulls++
      const remote = url.match(/\/api\/sync\/v\d+\/([^/]+)\/push$/)?.[1]
      if (!remote) return send(url, init)
      network.pushesInFlight++
      try {
        options.onPushSent?.()
        const response = await send(url, init)
        if (response.ok) {
          const answer = (await response.clone().json()) as PushResponse
          const { rows } = JSON.parse(String(init?.body)) as Pick<AnsweredPush, 'rows'>
          options.onPushAnswered?.({ remote, rows, answer })
        }
        return response
      } finally {
        network.pushesInFlight--
      }
    }) as typeof fetch,
  }
  return { network, transport }
}

/** A test device: a local database replicating one area under one person's session. */
export type NodeSyncClient = Awaited<ReturnType<typeof openNodeSyncClient>>

/**
 * Opens a device's local database with the product's collections of `area` and starts
 * the product's replication of each over the person's session (`cookies`) against
 * `origin()` (asked at every call, so a restarted server may listen elsewhere).
 */
export async function openNodeSyncClient(options: {
  name: string
  area: SyncArea
  /** Remote names of the area's collections to open; all of them when absent. */
  remotes?: readonly string[]
  account: { organisationId: string; userId: string }
  cookies: Map<string, string>
  origin: () => string
  /** Hears a push leave the device (the chaos kills the server there). */
  onPushSent?: () => void
  onOnline?: () => void
  /**
   * `server`: the product's event stream from the server, carrying the changes (RESYNC
   * when told stays possible); absent: only the RESYNCs the test sends.
   */
  stream?: 'server'
  /**
   * The waits after a failed call, the event stream's reconnect included (the product's
   * unless given): a run with a crash shortens them.
   */
  retryTiming?: RetryTiming
}) {
  const definitions = AREA_COLLECTIONS[options.area].filter(
    (definition) => !options.remotes || options.remotes.includes(definition.remote),
  )
  const db: RxDatabase = await createRxDatabase({
    name: `${options.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}`,
    storage: getRxStorageMemory(),
    multiInstance: false,
  })
  const pushOutcomes = await addReplicatedCollections(db, definitions)
  const status = createSyncStatus()
  const refusals: RefusedChange[] = []
  status.onRefused((change) => refusals.push(change))
  const pushes: AnsweredPush[] = []
  const { network, transport } = createDeviceNetwork({
    name: options.name,
    cookies: options.cookies,
    origin: options.origin,
    onPushSent: options.onPushSent,
    onPushAnswered: (push) => pushes.push(push),
  })
  const remotes = definitions.map((definition) => definition.remote)
  const standIn = createResyncStream(remotes)
  const resync = () => {
    // Told by the test: the pulls ask the server, whatever the stream brought.
    serverStream?.forget()
    standIn.resync()
  }
  const sources = new Set<ReturnType<typeof createFetchEventSource>>()
  const serverStream =
    options.stream === 'server'
      ? openSyncStream(remotes, status, options.area, Promise.resolve(), {
          // As the calls learn it: the account's area, else central (sync-http.ts).
          epochOf: () => readKnownEpoch('central', formatSyncAccount(options.account)),
          openEventSource(url) {
            const source = traceSource(
              options.name,
              createFetchEventSource(`${options.origin()}${url}`, transport.fetch, (data) => {
                if ((JSON.parse(data) as { type?: string }).type === 'RESYNC')
                  network.resyncsHeard++
              }),
            )
            for (const old of sources) if (old.readyState === 2) sources.delete(old) // CLOSED
            sources.add(source)
            return source
          },
          fetch: (url, init) => transport.fetch(`${options.origin()}${String(url)}`, init),
          reconnectMs: options.retryTiming && {
            first: options.retryTiming.firstBackoffMs,
            max: options.retryTiming.maxBackoffMs,
          },
        })
      : undefined
  const stream: SyncStream = serverStream
    ? {
        ...traceLedger(options.name, serverStream),
        streamOf: (remote) => merge(serverStream.streamOf(remote), standIn.stream.streamOf(remote)),
        close() {
          serverStream.close()
          standIn.stream.close()
        },
      }
    : standIn.stream
  const collections = new Map(
    definitions.map((definition) => [definition.remote, db.collections[definition.local]!]),
  )
  const replications = new Map(
    definitions.map((definition) => [
      definition.remote,
      replicateCollection({
        collection: collections.get(definition.remote) as RxCollection,
        definition,
        stream,
        status,
        refusedIds: pushOutcomes.get(definition.local)?.refusedIds ?? new Set(),
        unanswered: pushOutcomes.get(definition.local)?.unanswered,
        account: options.account,
        transport,
        retryTiming: options.retryTiming,
      }) as RxReplicationState<unknown, SyncCheckpoint>,
    ]),
  )
  const errors: Error[] = []
  for (const replication of replications.values()) {
    replication.error$.subscribe((error) => errors.push(error))
  }

  return {
    name: options.name,
    area: options.area,
    account: options.account,
    db,
    status,
    network,
    replications,
    /** Writes the server refused, as the person was told of them. */
    refusals,
    /** Every push the server answered. */
    pushes,
    /** Replication errors (failed calls, retried by RxDB). */
    errors,
    /** The local collection of a remote name (appConnections → app_connections). */
    collection(remote: string): RxCollection {
      const collection = collections.get(remote)
      if (!collection) throw new Error(`${options.name} does not replicate ${remote}`)
      return collection
    },
    /** What the server's event stream sends on (re)connect and on a change: pull now. */
    resync,
    /** The event stream breaks (a proxy, a sleeping network); the product reopens it. */
    dropStream() {
      for (const source of sources) source.drop()
      sources.clear()
    },
    setOffline(isOffline: boolean) {
      if (network.isOffline === isOffline) return
      network.isOffline = isOffline
      if (isOffline) {
        // The network is gone: so is the event stream, which the product reopens.
        for (const source of sources) source.drop()
        sources.clear()
      } else {
        options.onOnline?.()
        resync() // the stream reconnects and its first message is RESYNC
      }
    },
    /** Resolves when every replication has nothing left to pull or push (RxDB's view). */
    async awaitInSync() {
      await Promise.all([...replications.values()].map((replication) => replication.awaitInSync()))
    },
    /**
     * The local state of the given ids and of every live local document, tombstones
     * included (id → fields and _deleted), without RxDB's bookkeeping.
     */
    async documents(remote: string, ids: Iterable<string> = []) {
      const collection = this.collection(remote)
      const live = await collection.find().exec()
      const wanted = new Set([...ids, ...live.map((document) => String(document.primary))])
      const found = await collection.storageInstance.findDocumentsById([...wanted], true)
      return new Map(
        found.map((document) => {
          const fields = { ...(document as Record<string, unknown>) }
          for (const key of LOCAL_KEYS) delete fields[key]
          return [String(fields.id), fields as WireDocument]
        }),
      )
    },
    /**
     * RxDB's bookkeeping of one document: its copy's revision and marks, the state the
     * replication assumes the server holds, and both checkpoints. For a failing check.
     */
    async describeReplicationOf(remote: string, id: string) {
      const replication = replications.get(remote)
      const meta = replication?.metaInstance
      if (!meta) return undefined
      const key = (fields: Record<string, string>) =>
        getComposedPrimaryKeyOfDocumentData(meta.schema, fields)
      const [copy] = await this.collection(remote).storageInstance.findDocumentsById([id], true)
      const metaDocuments = await meta.findDocumentsById(
        [
          key({ itemId: id, isCheckpoint: '0' }),
          key({ itemId: 'down', isCheckpoint: '1' }),
          key({ itemId: 'up', isCheckpoint: '1' }),
        ],
        true,
      )
      const metaOf = (itemId: string) =>
        metaDocuments.find((document) => document.itemId === itemId)
      const [assumed, down, up] = [metaOf(id), metaOf('down'), metaOf('up')]
      const brief = (document: Record<string, unknown> | undefined) =>
        document && {
          seq: document.seq,
          name: document.name,
          _rev: document._rev,
          _meta: document._meta,
        }
      return {
        device: options.name,
        id,
        copy: brief(copy as Record<string, unknown>),
        assumed: assumed && {
          ...brief(assumed.docData as Record<string, unknown>),
          isResolvedConflict: assumed.isResolvedConflict,
        },
        checkpoints: { down: down?.checkpointData, up: up?.checkpointData },
      }
    },
    async close() {
      stream.close()
      await Promise.all([...replications.values()].map((replication) => replication.cancel()))
      await db.remove()
    },
  }
}
