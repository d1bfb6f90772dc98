/** Marks the database worker's first message to a page (no storage call has this kind). */
export const WORKER_HELLO = 'centraal-database-worker'

/** The database worker's first message to a page: the lock it holds while it lives. */
export type WorkerHello = { kind: typeof WORKER_HELLO; lifeLock: string }
