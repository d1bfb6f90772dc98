// What the page says to the service worker (web/lib/service-worker.ts and
// sw/service-worker.ts); free of DOM and React so both can import it.

/** The waiting version takes over ('Vernieuwen'). Workbox-window sends this shape. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const

/**
 * An uncontrolled page asks the active version to take it over: a page whose document
 * arrived while the first version activated is missed by that version's claim (only pages
 * already running are taken), and would otherwise stay without one until a reload.
 */
export const CLAIM_MESSAGE = { type: 'CLAIM' } as const
