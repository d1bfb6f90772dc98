// The offline REST queue's storage (docs/behaviour.md; docs/architecture.md "Offline REST queue"): IndexedDB
// database `centraal`, version 1, one object store `syncQueue` with an auto-incremented id.
// Runs in the page and in the service worker alike, so it touches no DOM.

import { OFFLINE_QUEUE_MAX_AGE_MS } from '#schema/constants'
import { openObjectStore } from '#sync/client/indexed-db-store'

const DATABASE_NAME = 'centraal'
const DATABASE_VERSION = 1
const STORE = 'syncQueue'

/**
 * pending: waits to be sent (also while its person is signed out); failed: the server
 * refused it (4xx), kept with the reason; expired: not sent within QUEUE_ITEM_MAX_AGE_MS,
 * kept so the person sees what was not done.
 */
export type QueueItemStatus = 'pending' | 'failed' | 'expired'

/**
 * A queued write older than this is not sent any more: as long as the longest session, so
 * a write waits as long as its person could still be signed in on this device. The server
 * keeps its idempotency records a little longer (IDEMPOTENCY_RECORD_MAX_AGE_MS).
 */
export const QUEUE_ITEM_MAX_AGE_MS = OFFLINE_QUEUE_MAX_AGE_MS

/** One write made while offline, exactly as it will be sent again. */
export type QueueItem = {
  id: number
  url: string
  method: string
  headers: Record<string, string>
  /** The JSON body as a value; absent when the request had none. */
  body?: unknown
  /** When it was queued, epoch ms. */
  timestamp: number
  status: QueueItemStatus
  /** How often a replay got an answer that was not 2xx (5xx counts, network errors do not). */
  attempts: number
  /** The server's reason for the last refusal or failure. */
  error?: string
  /**
   * Whose write it is, `<organisationId>/<userId>` of the area's session when it was
   * queued; it is sent only for them (absent on items queued by an older version).
   */
  account?: string
}

export type NewQueueItem = Omit<QueueItem, 'id' | 'status' | 'attempts' | 'error'>

/**
 * The logouts a device could not send (Centraal's ends both areas' sessions of the
 * browser). A pending one is sent before anything else and never expires: until it is
 * carried out the person's session cookie is still valid on the server.
 */
export const LOGOUT_URLS = {
  central: '/api/logout',
  sales: '/api/gold-estates/auth/logout',
} as const

/** Whether a queued item is a logout waiting to be carried out. */
export function isLogoutItem(item: Pick<QueueItem, 'url' | 'method'>): boolean {
  return item.method === 'POST' && Object.values(LOGOUT_URLS).some((url) => url === item.url)
}

const queue = openObjectStore({
  database: DATABASE_NAME,
  version: DATABASE_VERSION,
  store: STORE,
  keyPath: 'id',
  autoIncrement: true,
})

const withStore = queue.request

/** Stores a new pending item and returns its id. */
export async function addQueueItem(item: NewQueueItem): Promise<number> {
  const key = await withStore('readwrite', (store) =>
    store.add({ ...item, status: 'pending', attempts: 0 }),
  )
  return Number(key)
}

/** Every item, oldest first (ids grow with time). */
export function listQueueItems(): Promise<QueueItem[]> {
  return withStore('readonly', (store) => store.getAll() as IDBRequest<QueueItem[]>)
}

export async function putQueueItem(item: QueueItem): Promise<void> {
  await withStore('readwrite', (store) => store.put(item))
}

export async function deleteQueueItem(id: number): Promise<void> {
  await withStore('readwrite', (store) => store.delete(id))
}

/** Removes one person's items (their logout, which itself stays until sent); other people's stay. */
export async function removeQueueItemsOf(account: string): Promise<void> {
  const items = await listQueueItems()
  for (const item of items) {
    if (item.account === account && !isLogoutItem(item)) await deleteQueueItem(item.id)
  }
}
