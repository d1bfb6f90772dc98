import type { SalesDatabase } from '#sync/client/local-database'
import { SALES_DATABASE_PREFIX } from '#sync/client/local-database'
import { removeLocalDatabases } from '#sync/client/remove-local-databases'

/** localStorage keys of the sales area (web/sales/data); the central logout clears all. */
const SALES_STORAGE_KEYS = ['centraal.salesUser', 'centraal.salesSettings']

/** Documents created on this device that the server has not answered yet (seq 0). */
async function countUnsentDocuments(database: SalesDatabase | null): Promise<number> {
  if (!database) return 0
  const { db } = database
  const unsent = { selector: { seq: 0 } }
  const counts = await Promise.all([
    db.projects.count(unsent).exec(),
    db.sellers.count(unsent).exec(),
    db.sales.count(unsent).exec(),
  ])
  return counts.reduce((sum, count) => sum + count, 0)
}

/**
 * Ends the sales session (POST /api/gold-estates/auth/logout) and deletes the sales area's
 * local data: its databases and remembered user and settings. Centraal's session and data
 * stay. Asks first when new documents would be lost; false when the person chose to stay.
 */
export async function logOutOfSales(database: SalesDatabase | null): Promise<boolean> {
  const waiting = await countUnsentDocuments(database).catch(() => 0)
  if (
    waiting > 0 &&
    !window.confirm(
      `Er ${waiting === 1 ? 'is nog 1 nieuw item' : `zijn nog ${waiting} nieuwe items`} niet naar de server verstuurd. Uitloggen verwijdert ${waiting === 1 ? 'het' : 'ze'}. Toch uitloggen?`,
    )
  ) {
    return false
  }
  // Plain fetch: a logout must never wait in the offline queue to be replayed later.
  await fetch('/api/gold-estates/auth/logout', { method: 'POST', credentials: 'include' }).catch(
    () => undefined,
  )
  await removeLocalDatabases(SALES_DATABASE_PREFIX)
  try {
    for (const key of SALES_STORAGE_KEYS) localStorage.removeItem(key)
  } catch {
    // No storage: nothing was kept.
  }
  return true
}
