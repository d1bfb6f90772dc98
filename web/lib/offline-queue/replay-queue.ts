import { OTHER_ACCOUNT_HEADER } from '#sync/account'
import { ApiError } from '../api-error.ts'
import { announceQueueChange } from './queue-events.ts'
import {
  deleteQueueItem,
  isLogoutItem,
  listQueueItems,
  putQueueItem,
  QUEUE_ITEM_MAX_AGE_MS,
  type QueueItem,
} from './queue-store.ts'

// Sends the queued writes again, oldest first. The one replay, used by the service worker
// (Background Sync 'sync-data', a page's request) and by pages of browsers without a
// service worker ('online', page load). Every item carries its Idempotency-Key, so a
// replay that reached the server before has no second effect there.

const LOCK_NAME = 'centraal-sync-queue-replay'

/**
 * How long one send may wait for its answer before it counts as a network error (kept,
 * sent again later under the same Idempotency-Key). Without it a connection that accepts
 * and never answers would hold the replay lock, and every later replay and logout, for
 * as long as the browser keeps the request open.
 */
export const QUEUE_SEND_TIMEOUT_MS = 30_000

/** Statuses that say "try again later" rather than "this request is wrong". */
const RETRY_LATER = new Set([408, 425, 429])

/** "Not for the session signed in now" (401, or a 409 marked as another account's). */
function isForAbsentPerson(response: Response) {
  return response.status === 401 || response.headers.has(OTHER_ACCOUNT_HEADER)
}

const WAITING_REASON = 'Wacht tot de persoon die dit maakte weer inlogt op dit apparaat.'
const EXPIRED_REASON = `Niet verstuurd: langer dan ${QUEUE_ITEM_MAX_AGE_MS / 86_400_000} dagen niet verzonden.`

/**
 * sent, failed (refused), pending (to try again soon), waiting (until their person
 * signs in again), expired (too old to send).
 */
export type ReplayOutcome = {
  sent: number
  failed: number
  pending: number
  waiting: number
  expired: number
}

/**
 * Replays every pending item that may go now. `mayGo` (the page: only the signed-in
 * person's items) holds the others back; the service worker sends all and the server
 * refuses (409) an item of another person than the session's. 2xx removes an item; 401
 * and 409 keep it waiting for its person; other 4xx mark it failed with the server's
 * reason (kept for the user to read); 5xx keeps it pending and counts the attempt; a
 * network error keeps it and ends this run, since nothing else will get through either.
 * An item older than QUEUE_ITEM_MAX_AGE_MS (30 days) is not sent but marked expired, for
 * the person to read. Pending logouts go first, whoever's they are: any answer but 5xx (or
 * 408, 425, 429) carries one out (2xx ended the session, 401 found none, 409 found someone
 * else's, which stays); until all are carried out nothing else is sent.
 * Runs one at a time per origin (Web Locks), so page and service worker never send the
 * same item twice at once.
 */
export async function replayQueue(
  mayGo: (item: QueueItem) => boolean = () => true,
): Promise<ReplayOutcome> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (!locks) return replayPendingItems(mayGo)
  return locks.request(LOCK_NAME, () => replayPendingItems(mayGo))
}

async function replayPendingItems(mayGo: (item: QueueItem) => boolean): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { sent: 0, failed: 0, pending: 0, waiting: 0, expired: 0 }
  const now = Date.now()
  const items: QueueItem[] = []
  const pending = (await listQueueItems()).filter((item) => item.status === 'pending')
  const logouts = pending.filter(isLogoutItem)
  for (const logout of logouts) {
    const response = await sendQueueItem(logout).catch(() => null)
    await response?.body?.cancel()
    if (!response || response.status >= 500 || RETRY_LATER.has(response.status)) {
      if (response) await putQueueItem({ ...logout, attempts: logout.attempts + 1 })
      outcome.pending += pending.length - outcome.sent
      return outcome
    }
    await deleteQueueItem(logout.id)
    outcome.sent++
    announceQueueChange()
  }
  for (const item of pending) {
    if (isLogoutItem(item)) continue
    if (now - item.timestamp > QUEUE_ITEM_MAX_AGE_MS) {
      await putQueueItem({ ...item, status: 'expired', error: EXPIRED_REASON })
      outcome.expired++
    } else if (mayGo(item)) items.push(item)
    else outcome.waiting++
  }
  for (const [index, item] of items.entries()) {
    let response: Response
    try {
      response = await sendQueueItem(item)
    } catch {
      outcome.pending += items.length - index
      break
    }
    if (response.ok) {
      await deleteQueueItem(item.id)
      outcome.sent++
    } else if (isForAbsentPerson(response)) {
      await response.body?.cancel()
      await putQueueItem({ ...item, error: WAITING_REASON })
      outcome.waiting++
    } else if (response.status >= 500 || RETRY_LATER.has(response.status)) {
      await putQueueItem({
        ...item,
        attempts: item.attempts + 1,
        error: await readReason(response),
      })
      outcome.pending++
    } else {
      await putQueueItem({
        ...item,
        status: 'failed',
        attempts: item.attempts + 1,
        error: await readReason(response),
      })
      outcome.failed++
    }
    announceQueueChange()
  }
  // Also after a run that sent nothing: screens showing server data refresh once it is done.
  announceQueueChange()
  return outcome
}

async function sendQueueItem(item: QueueItem): Promise<Response> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), QUEUE_SEND_TIMEOUT_MS)
  try {
    return await fetch(item.url, {
      method: item.method,
      headers: item.headers,
      body: item.body === undefined ? undefined : JSON.stringify(item.body),
      credentials: 'include',
      cache: 'no-store',
      signal: controller.signal,
    })
  } finally {
    clearTimeout(timer)
  }
}

/** The server's `message`, or the status line apiRequest would have thrown. */
async function readReason(response: Response): Promise<string> {
  const error = await ApiError.from(response)
  return error.serverMessage ?? error.message
}
