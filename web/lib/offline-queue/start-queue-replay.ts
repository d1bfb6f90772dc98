import { getSignedInAccount, onSignedInAccountChange } from '#sync/client/signed-in-account'
import type { QueueItem } from './queue-store.ts'
import { replayQueue } from './replay-queue.ts'

/**
 * Waits before trying again while changes stay pending although the browser says it is
 * online: the connection may come up a moment after the 'online' event, or the server
 * may answer 5xx for a while.
 */
const RETRY_DELAYS_MS = [2_000, 10_000, 30_000, 60_000, 300_000]

let retryTimer: ReturnType<typeof setTimeout> | undefined
let retryCount = 0

/**
 * Replays the queue at page load and whenever the connection returns (docs/architecture.md). The page
 * replays itself with the same module the service worker runs for Background Sync
 * 'sync-data'; Web Locks keep the two from sending at the same time, and the page learns
 * the outcome, so it can try again when the network was not quite there yet.
 */
export function startQueueReplay(): void {
  window.addEventListener('online', () => {
    retryCount = 0
    requestReplay()
  })
  // Someone signed in: their waiting items may go now.
  onSignedInAccountChange(() => {
    retryCount = 0
    requestReplay()
  })
  requestReplay()
}

/** Whether this page sends an item now: only for the person it shows as signed in. */
function isForSignedInPerson(item: QueueItem): boolean {
  if (!item.account) return true
  const path = new URL(item.url, window.location.href).pathname
  const area = path.startsWith('/api/gold-estates/') ? 'sales' : 'central'
  return getSignedInAccount(area) === item.account
}

/** Replays now (also the indicator's "Nu versturen"). */
export function requestReplay(): void {
  clearTimeout(retryTimer)
  retryTimer = undefined
  if (!navigator.onLine) return
  replayQueue(isForSignedInPerson)
    .then(({ pending }) => {
      if (pending === 0 || !navigator.onLine) {
        retryCount = 0
        return
      }
      const delay = RETRY_DELAYS_MS[Math.min(retryCount, RETRY_DELAYS_MS.length - 1)]
      retryCount++
      retryTimer = setTimeout(requestReplay, delay)
    })
    .catch((error: unknown) => console.warn('Replaying the offline queue failed', error))
}
