import { SYNC_ACCOUNT_HEADER } from '#sync/account'
import { announceQueueChange } from './queue-events.ts'
import { addQueueItem } from './queue-store.ts'

/** Marks the synthetic answer, so a caller can tell "queued" from a server's own 202. */
const QUEUED_HEADER = 'X-Centraal-Queued'

// Admin actions (backup, restore, launch) and auth calls must never be replayed later as whoever is signed in then, and RxDB retries
// its replication calls itself (docs/architecture.md, Replication). A replayed API-key rotation would
// retire the app's key while nobody sees the new one.
const NEVER_QUEUED = [
  /^\/api\/app-connections\/[^/]+\/api-key$/,
  /^\/api\/admin\//,
  // Connecting leaves for Google's consent screen; a late disconnect or backup would surprise.
  /^\/api\/backup\/google-drive\//,
  /^\/api\/auth\//,
  /^\/api\/gold-estates\/auth\//,
  /^\/api\/sync\//,
  /^\/api\/log(in|out)\b/,
  // Their answer is a setup link to hand over now; made later, nobody would see it, and
  // a later one invalidates the link handed out meanwhile.
  /^\/api\/users\/[^/]+\/setup-link$/,
  /^\/api\/gold-estates\/sellers\/[^/]+\/login$/,
  /^\/api\/organisations\/[^/]+\/invite$/,
  // An address change carries the current password and mails two people: now or not at all.
  /^\/api\/profile\/email(\/|$)/,
  // Commission plans, placements and project rates: the server recomputes what earlier
  // sales earn at once (decision 039); the screens keep what was typed and say they need
  // a connection rather than apply a plan change later, out of order with the sales.
  /^\/api\/gold-estates\/commission-plans(\/|$)/,
  /^\/api\/gold-estates\/sellers\/[^/]+\/plan$/,
  /^\/api\/gold-estates\/projects\/[^/]+\/rate$/,
]

/** Whether a failed non-GET to this URL may wait in the queue. */
export function isQueueable(url: string): boolean {
  const path = new URL(url, self.location.href).pathname
  return !NEVER_QUEUED.some((pattern) => pattern.test(path))
}

/**
 * Stores a write that could not be sent (docs/behaviour.md, Sync state and refusals), asks for a Background Sync 'sync-data'
 * where the browser has it, and answers like the server would have: 202 `{ queued: true }`.
 */
export async function queueRequest(request: {
  url: string
  method: string
  headers: Record<string, string>
  body?: unknown
}): Promise<Response> {
  // The page named its signed-in person (apiRequest): the item is theirs alone.
  const account = request.headers[SYNC_ACCOUNT_HEADER]
  await addQueueItem({ ...request, timestamp: Date.now(), ...(account && { account }) })
  announceQueueChange()
  await requestBackgroundSync()
  return new Response(JSON.stringify({ queued: true }), {
    status: 202,
    headers: { 'Content-Type': 'application/json', [QUEUED_HEADER]: 'true' },
  })
}

/** Whether apiRequest answered from the offline queue instead of the server. */
export function isQueuedResponse(response: { status: number; headers: Headers }): boolean {
  return response.status === 202 && response.headers.get(QUEUED_HEADER) === 'true'
}

/** Background Sync is not in TypeScript's DOM types (Chromium only). */
type WithSync = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> }
}

async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as WithSync | undefined
    await registration?.sync?.register('sync-data')
  } catch (error) {
    // A failed background sync registration is only logged; 'online' replays too.
    console.warn('Background sync could not be registered', error)
  }
}
