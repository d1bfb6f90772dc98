import { formatSyncAccount } from '#sync/account'
import type { SalesDatabase } from '#sync/client/local-database'
import { removeLocalDatabase } from '#sync/client/remove-local-databases'
import type { AreaAccount } from '#sync/client/signed-in-account'
import { confirmLogout } from '../../lib/confirm-logout.ts'
import { removeQueueItemsOf } from '../../lib/offline-queue/queue-store.ts'

/** localStorage keys of the sales area (web/sales/data); the central logout clears all. */
const SALES_STORAGE_KEYS = ['centraal.salesUser', 'centraal.salesSettings']

/**
 * Ends the sales session (POST /api/gold-estates/auth/logout) and deletes this sales
 * user's local data: their database, queued calls and remembered user and settings.
 * Centraal's session and data, and other people's, stay. Names the unsent changes and
 * asks first; false when the person chose to stay.
 */
export async function logOutOfSales(
  account: AreaAccount,
  database: SalesDatabase | null,
): Promise<boolean> {
  if (!(await confirmLogout(database, formatSyncAccount(account)))) return false
  // Plain fetch: a logout must never wait in the offline queue to be replayed later.
  await fetch('/api/gold-estates/auth/logout', { method: 'POST', credentials: 'include' }).catch(
    () => undefined,
  )
  await Promise.allSettled([
    removeLocalDatabase(account),
    removeQueueItemsOf(formatSyncAccount(account)),
  ])
  try {
    for (const key of SALES_STORAGE_KEYS) localStorage.removeItem(key)
  } catch {
    // No storage: nothing was kept.
  }
  return true
}
