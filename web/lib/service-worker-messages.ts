// What the page says to the service worker (web/lib/service-worker.ts and
// sw/service-worker.ts); free of DOM and React so both can import it.

/** The waiting version takes over ('Vernieuwen'). Workbox-window sends this shape. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const
