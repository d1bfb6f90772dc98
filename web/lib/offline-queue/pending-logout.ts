import type { SyncArea } from '#sync/account'
import { SYNC_ACCOUNT_HEADER } from '#sync/account'
import { addQueueItem, isLogoutItem, LOGOUT_URLS, listQueueItems } from './queue-store.ts'
import { replayQueue } from './replay-queue.ts'

// A logout ends the person's session on the server; without a connection it waits in the
// offline queue (its cookie is HttpOnly, the page cannot drop it) and the device counts as
// signed out of that area until it is carried out, first thing at the next contact.

/**
 * localStorage mark "a logout may be pending": lets a page skip reading IndexedDB before
 * every call. The queue is the truth; the service worker can carry a logout out and
 * leave the mark behind, which the next look at the queue removes.
 */
export const PENDING_LOGOUT_KEY = 'centraal.pendingLogout'

/** A session answer asked while the area's logout waits: the device is signed out of it. */
export class PendingLogoutError extends Error {
  override name = 'PendingLogoutError'
}

/**
 * How long a logout waits for its call before the page leaves anyway. The logout is queued
 * and marked by then: the device shows the signed-out screens, and the next page carries
 * it out. A person on a connection that hangs is not kept on a screen they asked to leave.
 */
export const LOGOUT_SEND_WAIT_MS = 5_000

/**
 * Ends `account`'s session of `area` (Centraal's also ends the browser's Gold Estates
 * session): queued first, so that it survives a failed call, a reload or a closed tab,
 * then sent at once when there is a connection, waited for at most LOGOUT_SEND_WAIT_MS.
 * Named for the person, so a session someone else opened on this browser meanwhile is not
 * ended (the server answers 409).
 */
export async function endSession(area: SyncArea, account: string): Promise<void> {
  await addQueueItem({
    url: LOGOUT_URLS[area],
    method: 'POST',
    headers: { [SYNC_ACCOUNT_HEADER]: account },
    timestamp: Date.now(),
    account,
  })
  setMark(true)
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    carryOutPendingLogouts(),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LOGOUT_SEND_WAIT_MS)
    }),
  ])
  clearTimeout(timer)
}

let carrying: Promise<Set<SyncArea>> | undefined

/**
 * Sends the pending logouts of this device (when the browser is online) and answers the
 * areas whose logout still waits; Centraal's counts for both areas. Concurrent callers
 * share one attempt.
 */
export function carryOutPendingLogouts(): Promise<Set<SyncArea>> {
  if (!hasMark()) return Promise.resolve(new Set())
  carrying ??= findPendingLogoutAreas(navigator.onLine !== false).finally(() => {
    carrying = undefined
  })
  return carrying
}

/**
 * Throws PendingLogoutError when a logout covering `area` was pending when asked, also when
 * it has just been carried out: the session answer would name the person who left (a
 * preloaded or just-ended session), and the device is signed out of the area either way.
 */
export async function requireNoPendingLogout(area: SyncArea): Promise<void> {
  if (!hasMark()) return
  const waiting = await findPendingLogoutAreas(false)
  await carryOutPendingLogouts()
  if (waiting.has(area)) throw new PendingLogoutError('Uitgelogd op dit apparaat')
}

async function findPendingLogoutAreas(isSending: boolean): Promise<Set<SyncArea>> {
  if (isSending) await replayQueue(() => false).catch(() => undefined)
  const logouts = (await listQueueItems().catch(() => [])).filter(
    (item) => item.status === 'pending' && isLogoutItem(item),
  )
  if (isSending && logouts.length === 0) setMark(false)
  const areas = new Set<SyncArea>(
    logouts.map((item) => (item.url === LOGOUT_URLS.sales ? 'sales' : 'central')),
  )
  if (areas.has('central')) areas.add('sales')
  return areas
}

function hasMark(): boolean {
  try {
    // Outside a browser (the first answers' unit tests) no logout was ever queued.
    if (typeof localStorage === 'undefined') return false
    return localStorage.getItem(PENDING_LOGOUT_KEY) !== null
  } catch {
    // No storage: the queue is read every time.
    return true
  }
}

function setMark(isPending: boolean) {
  try {
    if (isPending) localStorage.setItem(PENDING_LOGOUT_KEY, '1')
    else localStorage.removeItem(PENDING_LOGOUT_KEY)
  } catch {
    // No storage: nothing to mark.
  }
}
