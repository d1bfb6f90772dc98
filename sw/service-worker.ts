import { clientsClaim } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { replayQueue } from '../web/lib/offline-queue/replay-queue.ts'
import { CLAIM_MESSAGE, SKIP_WAITING_MESSAGE } from '../web/lib/service-worker-messages.ts'

// Centraal's service worker (docs/behaviour.md, docs/architecture.md): precaches the built app so a reload
// without network still opens it, and replays the offline REST queue. It never touches
// /api/: API answers are not cached, and replication (/api/sync/*) is retried by RxDB.

declare const self: ServiceWorkerGlobalScope & {
  /** Replaced by workbox-build's injectManifest with the list of built files. */
  __WB_MANIFEST: (string | PrecacheEntry)[]
}

/** Background Sync's event; not in TypeScript's WebWorker types. */
type SyncEvent = ExtendableEvent & { tag: string }

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every page of the single-page app is index.html; the client router decides.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }),
)

// The first version takes over open pages at once; later versions wait for 'Vernieuwen'.
clientsClaim()

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type
  if (type === SKIP_WAITING_MESSAGE.type) void self.skipWaiting()
  // Only a page without a version asks (web/lib/service-worker.ts): taking it over changes
  // none of its code. Pages of an older version were taken when this one activated.
  if (type === CLAIM_MESSAGE.type) event.waitUntil(self.clients.claim())
})

// Background Sync: the browser wakes the worker once it is online, even with no page open.
// A rejected promise asks the browser to try 'sync-data' again later, with its own backoff.
// Open pages also replay on 'online' and at load (browsers without Background Sync).
self.addEventListener('sync', (event) => {
  const syncEvent = event as SyncEvent
  if (syncEvent.tag === 'sync-data') syncEvent.waitUntil(replayForSync())
})

async function replayForSync() {
  const { pending } = await replayQueue()
  if (pending > 0) throw new Error(`${pending} queued changes could not be sent yet`)
}
