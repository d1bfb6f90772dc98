import { formatSyncAccount } from '#sync/account'
import { FILL_PROGRESS_PREFIX } from '#sync/client/fill-progress'
import { removeLocalDatabase } from '#sync/client/remove-local-databases'
import type { AreaAccount } from '#sync/client/signed-in-account'
import { confirmLogout } from './confirm-logout.ts'
import { removeQueueItemsOf } from './offline-queue/queue-store.ts'
import { THEME_STORAGE_KEY } from './theme.ts'

/** Workbox's precache holds only the public app shell, which must stay for offline starts. */
const isAppShellCache = (name: string) => name.startsWith('workbox-precache')

/**
 * Forgets what this browser kept for one person before they log out (or after their
 * restore replaced the data): their local RxDB database and their offline queue items,
 * localStorage except the theme, sessionStorage and Cache Storage except the app shell.
 * Other people's local databases (with their first fill's marks) and queued items on a
 * shared device stay, to be sent when they sign in again. The service worker stays registered.
 */
export async function clearCachedData(account: AreaAccount): Promise<void> {
  const results = await Promise.allSettled([
    removeLocalDatabase(account),
    removeQueueItemsOf(formatSyncAccount(account)),
  ])
  for (const result of results) {
    if (result.status === 'rejected') console.warn('Clearing local data failed', result.reason)
  }
  try {
    for (const key of Object.keys(localStorage)) {
      const isKept = key === THEME_STORAGE_KEY || key.startsWith(FILL_PROGRESS_PREFIX)
      if (!isKept) localStorage.removeItem(key)
    }
    sessionStorage.clear()
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
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
 * Clears this person's cached data and hands the browser to the server's logout. Their
 * changes still waiting to be sent would be lost, so they are named and the person is
 * asked first; false when they chose to stay.
 */
export async function logOut(
  account: AreaAccount,
  database: Parameters<typeof confirmLogout>[0],
): Promise<boolean> {
  if (!(await confirmLogout(database, formatSyncAccount(account)))) return false
  await clearCachedData(account)
  window.location.href = '/api/logout'
  return true
}
