import { THEME_STORAGE_KEY } from './theme.ts'

/**
 * Forgets everything this browser kept for the signed-in user before logging out:
 * localStorage except the theme, sessionStorage and Cache Storage.
 */
export async function clearCachedData(): Promise<void> {
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
    await Promise.all(names.map((name) => caches.delete(name).catch(() => false)))
  }
}

/** Clears cached data and hands the browser to the server's logout. */
export async function logOut(): Promise<void> {
  await clearCachedData()
  window.location.href = '/api/logout'
}
