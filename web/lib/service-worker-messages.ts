// What the page and the service worker say to each other (web/lib/service-worker.ts and
// sw/service-worker.ts); free of DOM and React so both can import it.

/** The waiting version takes over ('Vernieuwen'). Workbox-window sends this shape. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const

/** Replay the offline queue now ('online', page load). */
export const REPLAY_QUEUE_MESSAGE = { type: 'REPLAY_QUEUE' } as const
