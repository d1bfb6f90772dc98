import { removeLocalDatabases } from '#sync/client/remove-local-databases'
import { clearQueue, listQueueItems } from './offline-queue/queue-store.ts'
import { THEME_STORAGE_KEY } from './theme.ts'

/** Workbox's precache holds only the public app shell, which must stay for offline starts. */
const isAppShellCache = (name: string) => name.startsWith('workbox-precache')

/**
 * Forgets everything this browser kept for the signed-in user before logging out:
 * the local RxDB database, the offline queue (IndexedDB centraal/syncQueue), localStorage
 * except the theme, sessionStorage and Cache Storage except the app shell. The service
 * worker stays registered.
 */
export async function clearCachedData(): Promise<void> {
  const results = await Promise.allSettled([removeLocalDatabases(), clearQueue()])
  for (const result of results) {
    if (result.status === 'rejected') console.warn('Clearing local data failed', result.reason)
  }
  try {
    for (const key of Object.keys(localStorage)) {
      if (key !== THEME_STORAGE_KEY) localStorage.removeItem(key)
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
 * Clears cached data and hands the browser to the server's logout. Changes still waiting
 * to be sent would be lost, so the user is asked first; false when they chose to stay.
 */
export async function logOut(): Promise<boolean> {
  const waiting = await countWaitingChanges()
  if (
    waiting > 0 &&
    !window.confirm(
      `Er ${waiting === 1 ? 'staat nog 1 wijziging' : `staan nog ${waiting} wijzigingen`} klaar om te versturen. Uitloggen verwijdert ${waiting === 1 ? 'deze' : 'ze'}. Toch uitloggen?`,
    )
  ) {
    return false
  }
  await clearCachedData()
  window.location.href = '/api/logout'
  return true
}

async function countWaitingChanges(): Promise<number> {
  try {
    return (await listQueueItems()).filter((item) => item.status === 'pending').length
  } catch {
    return 0
  }
}
