import { formatSyncAccount } from '#sync/account'
import { removeDeviceRefusalsOf } from '#sync/client/device-refusals'
import type { SalesDatabase } from '#sync/client/local-database'
import { forgetEpoch } from '#sync/client/organisation-epoch'
import { removeLocalDatabase } from '#sync/client/remove-local-databases'
import type { AreaAccount } from '#sync/client/signed-in-account'
import { confirmLogout } from '../../lib/confirm-logout.ts'
import { endSession } from '../../lib/offline-queue/pending-logout.ts'
import { removeQueueItemsOf } from '../../lib/offline-queue/queue-store.ts'
import { findRememberedAccount, REMEMBERED_SALES_USER_KEY } from '../../lib/remembered-account.ts'
import { IS_SALES_HOST } from '../../lib/sales-path.ts'
import { getCacheKey } from '../../lib/use-server-data.ts'
import { SALES_SETTINGS_URL } from '../data/use-sales-settings.ts'

/** localStorage keys of the sales area (web/sales/data); the central logout clears all. */
const SALES_STORAGE_KEYS = [REMEMBERED_SALES_USER_KEY, getCacheKey(SALES_SETTINGS_URL)]

/**
 * Deletes this sales user's local data (their database, queued calls, refusals kept on the
 * device, epoch, and remembered user and settings) and ends the sales session (POST /api/gold-estates/auth/logout; without a
 * connection it waits, and the sales area counts as signed out until it is sent).
 * Centraal's session and data, and other people's, stay. Names the unsent changes and
 * asks first; false when the person chose to stay.
 */
export async function logOutOfSales(
  account: AreaAccount,
  database: SalesDatabase | null,
): Promise<boolean> {
  // Centraal's work stays and is still sent; the question says so beside what goes.
  const central = IS_SALES_HOST ? null : findRememberedAccount('central')
  const staying = central ? [central] : []
  if (!(await confirmLogout(database, [account], { staying }))) return false
  await Promise.allSettled([
    removeLocalDatabase(account),
    removeQueueItemsOf(formatSyncAccount(account)),
    removeDeviceRefusalsOf(formatSyncAccount(account)),
  ])
  forgetEpoch('sales', formatSyncAccount(account))
  try {
    for (const key of SALES_STORAGE_KEYS) localStorage.removeItem(key)
  } catch {
    // No storage: nothing was kept.
  }
  await endSession('sales', formatSyncAccount(account))
  return true
}
