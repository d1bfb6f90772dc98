import { getServerMessage } from '../server-message.ts'
import { announceQueueChange } from './queue-events.ts'
import { deleteQueueItem, listQueueItems, putQueueItem, type QueueItem } from './queue-store.ts'

// Sends the queued writes again, oldest first. The one replay, used by the service worker
// (Background Sync 'sync-data', a page's request) and by pages of browsers without a
// service worker ('online', page load). Every item carries its Idempotency-Key, so a
// replay that reached the server before has no second effect there.

const LOCK_NAME = 'centraal-sync-queue-replay'

/** Statuses that say "try again later" rather than "this request is wrong". */
const RETRY_LATER = new Set([408, 425, 429])

export type ReplayOutcome = { sent: number; failed: number; pending: number }

/**
 * Replays every pending item. 2xx removes it; 4xx marks it failed with the server's
 * reason (kept for the user to read); 5xx keeps it pending and counts the attempt; a
 * network error keeps it and ends this run, since nothing else will get through either.
 * Runs one at a time per origin (Web Locks), so page and service worker never send
 * the same item twice at once.
 */
export async function replayQueue(): Promise<ReplayOutcome> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (!locks) return replayPendingItems()
  return locks.request(LOCK_NAME, () => replayPendingItems())
}

async function replayPendingItems(): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { sent: 0, failed: 0, pending: 0 }
  const items = (await listQueueItems()).filter((item) => item.status === 'pending')
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

function sendQueueItem(item: QueueItem): Promise<Response> {
  return fetch(item.url, {
    method: item.method,
    headers: item.headers,
    body: item.body === undefined ? undefined : JSON.stringify(item.body),
    credentials: 'include',
    cache: 'no-store',
  })
}

/** The server's `message`, or the status line apiRequest would have thrown. */
async function readReason(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')) || response.statusText
  const error = new Error(`${response.status}: ${text}`)
  return getServerMessage(error) ?? error.message
}
