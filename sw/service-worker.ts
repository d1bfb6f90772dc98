import { clientsClaim } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import {
  type AreaCode,
  areaOfPage,
  pageHints,
  SALES_HOST_MARK,
  SALES_PREFIX,
} from '../schema/page-hints.ts'
import { replayQueue } from '../web/lib/offline-queue/replay-queue.ts'
import { CLAIM_MESSAGE, SKIP_WAITING_MESSAGE } from '../web/lib/service-worker-messages.ts'

// Centraal's service worker (docs/behaviour.md, docs/architecture.md): precaches the built app so a reload
// without network still opens it, and replays the offline REST queue. It never touches
// /api/: API answers are not cached, and replication (/api/sync/*) is retried by RxDB.

declare const self: ServiceWorkerGlobalScope & {
  /** Replaced by workbox-build's injectManifest with the list of built files. */
  __WB_MANIFEST: (string | PrecacheEntry)[]
}

/** Each signed-in area's code, from the build's manifest (sw/build.ts). */
declare const __AREA_CODE__: AreaCode

/** Background Sync's event; not in TypeScript's WebWorker types. */
type SyncEvent = ExtendableEvent & { tag: string }

// A page's address is never answered with a stored file by its name ('/' with index.html,
// '/landing' with landing.html): every page goes through the navigation route below.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false })
cleanupOutdatedCaches()

// Every page of the single-page app is index.html; the client router decides.
const shell = createHandlerBoundToURL('/index.html')
registerRoute(
  new NavigationRoute(
    // The address first: the handler puts the copy's request in place of the page's.
    async (options) => {
      const { pathname } = options.url
      return withPageHints(await shell(options), pathname)
    },
    { denylist: [/^\/api\//] },
  ),
)

/**
 * The page with the hints the server would name for its address (schema/page-hints.ts): the
 * area's code and first answers start loading with the page, not after the entry has run
 * (decision 041). The copy itself has none (the server's /index.html), so a page of one area
 * never loads the other's code. The cookies are the server's to judge and this worker cannot
 * read them: a signed-out visit to a page of the area loads its code, and on a dashboard asks
 * its figures for a refusal (one small request; a returning device is mostly signed in).
 */
async function withPageHints(page: Response, pathname: string): Promise<Response> {
  if (!page.ok) return page
  const html = await page.text()
  const isSalesHost = html.includes(SALES_HOST_MARK)
  const area = areaOfPage(pathname, isSalesHost)
  const hints = pageHints(area, pathname, isSalesHost ? '' : SALES_PREFIX, __AREA_CODE__[area])
  const headers = new Headers(page.headers)
  headers.delete('content-length')
  const { status, statusText } = page
  return new Response(html.replace('</head>', `${hints}</head>`), { status, statusText, headers })
}

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
