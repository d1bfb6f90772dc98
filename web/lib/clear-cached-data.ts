import { formatSyncAccount } from '#sync/account'
import { DATABASES_TO_REMOVE_KEY } from '#sync/client/databases-to-remove'
import { removeDeviceRefusalsOf } from '#sync/client/device-refusals'
import { FILL_PROGRESS_PREFIX } from '#sync/client/fill-progress'
import { EPOCH_KEY_PREFIX, forgetEpoch } from '#sync/client/organisation-epoch'
import { removeLocalDatabase } from '#sync/client/remove-local-databases'
import type { AreaAccount } from '#sync/client/signed-in-account'
import { UNSENT_NOTICE_PREFIX } from '#sync/client/unsent-notice'
import { confirmLogout } from './confirm-logout.ts'
import { endSession, PENDING_LOGOUT_KEY } from './offline-queue/pending-logout.ts'
import { removeQueueItemsOf } from './offline-queue/queue-store.ts'
import { findRememberedAccount } from './remembered-account.ts'
import { RESTORE_NOTICE_SEEN_PREFIX } from './restore-notice-seen.ts'
import { THEME_STORAGE_KEY } from './theme.ts'

export { REMEMBERED_SALES_USER_KEY } from './remembered-account.ts'

/** Workbox's precache holds only the public app shell, which must stay for offline starts. */
const isAppShellCache = (name: string) => name.startsWith('workbox-precache')

/**
 * Forgets what this browser kept for one person before they log out (a restore no longer
 * does: the new epoch keeps their unsent changes first): their local RxDB database, their offline queue items and the
 * refusals kept on the device, localStorage except the theme, sessionStorage and Cache
 * Storage except the app shell. Other people's local databases (with their first fill's
 * marks, epochs and unsent notices) and queued items on a shared device stay, to be sent when they sign in
 * again. The service worker stays registered.
 */
export async function clearCachedData(account: AreaAccount): Promise<void> {
  // What storage holds goes first and at once: a page that reloads before the databases
  // are deleted (a switch, databases-to-remove.ts) must not keep it.
  try {
    for (const key of Object.keys(localStorage)) {
      const isKept =
        key === THEME_STORAGE_KEY ||
        key === PENDING_LOGOUT_KEY ||
        key === DATABASES_TO_REMOVE_KEY ||
        key.startsWith(FILL_PROGRESS_PREFIX) ||
        key.startsWith(RESTORE_NOTICE_SEEN_PREFIX) ||
        key.startsWith(EPOCH_KEY_PREFIX) ||
        key.startsWith(UNSENT_NOTICE_PREFIX)
      if (!isKept) localStorage.removeItem(key)
    }
    sessionStorage.clear()
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
  const results = await Promise.allSettled([
    removeLocalDatabase(account),
    removeQueueItemsOf(formatSyncAccount(account)),
    removeDeviceRefusalsOf(formatSyncAccount(account)),
  ])
  forgetEpoch(account.area, formatSyncAccount(account))
  for (const result of results) {
    if (result.status === 'rejected') console.warn('Clearing local data failed', result.reason)
  }
  if ('caches' in window) {
    const names = await caches.keys().catch(() => [])
    await Promise.all(
      names
        .filter((name) => !isAppShellCache(name))
        .map((name) => caches.delete(name).catch(() => false)),
    )
  }
}

/**
 * Logs out of Centraal: clears this person's cached data, and the Gold Estates data of
 * this browser's sales user (whose session the logout also ends), then ends the sessions
 * (endSession: without a connection the logout waits and the device shows the signed-out
 * screens until it is sent) and opens the landing page. Their changes still waiting to be
 * sent would be lost, so they are named and the person is asked first; false when they
 * chose to stay.
 */
export async function logOut(
  account: AreaAccount,
  database: Parameters<typeof confirmLogout>[0],
): Promise<boolean> {
  const salesAccount = findRememberedAccount('sales')
  // Both areas' work is removed, so the question names both.
  if (!(await confirmLogout(database, [account, ...(salesAccount ? [salesAccount] : [])]))) {
    return false
  }
  await Promise.all([clearCachedData(account), salesAccount && forgetSalesAccount(salesAccount)])
  await endSession('central', formatSyncAccount(account))
  window.location.href = '/'
  return true
}

/**
 * Forgets what this browser keeps of a Gold Estates account whose session a Centraal logout
 * (or switch of organisation) ends: its local database, queued calls, refusals and epoch.
 */
export async function forgetSalesAccount(salesAccount: AreaAccount): Promise<void> {
  const named = formatSyncAccount(salesAccount)
  await Promise.allSettled([
    removeLocalDatabase(salesAccount),
    removeQueueItemsOf(named),
    removeDeviceRefusalsOf(named),
  ])
  forgetEpoch('sales', named)
}
