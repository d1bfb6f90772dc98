import type { AreaAccount } from '#sync/client/signed-in-account'
import { api } from './api-client.ts'
import { clearCachedData, forgetSalesAccount } from './clear-cached-data.ts'
import { confirmLogout } from './confirm-logout.ts'
import { findRememberedAccount } from './remembered-account.ts'
import { describeError } from './server-message.ts'
import { showToast } from './toasts.ts'

const SWITCHING = { verb: 'Wisselen van organisatie', question: 'Toch wisselen?' }

/**
 * "Wissel van organisatie" (decision 028): asks first when unsent work would be lost (as a
 * logout does), has the server end this session and open one in `organisationId` (only an
 * organisation the sign-in proved), then forgets what this browser kept of the old
 * organisation, as a logout does, and opens the new one's dashboard. Needs a connection:
 * offline nothing changes. False when the person stayed or the server refused.
 */
export async function switchOrganisation(
  account: AreaAccount,
  database: Parameters<typeof confirmLogout>[0],
  organisationId: string,
): Promise<boolean> {
  if (!navigator.onLine) {
    showToast({
      title: 'Geen verbinding',
      description: 'Wisselen van organisatie kan alleen met verbinding.',
      variant: 'destructive',
    })
    return false
  }
  const salesAccount = findRememberedAccount('sales')
  const accounts = [account, ...(salesAccount ? [salesAccount] : [])]
  if (!(await confirmLogout(database, accounts, { doing: SWITCHING }))) return false
  try {
    await api.auth['switch-organisation'].$post({ json: { organisationId } })
  } catch (error) {
    showToast({
      title: 'Wisselen mislukt',
      description: describeError(error, 'Wisselen van organisatie is niet gelukt.'),
      variant: 'destructive',
    })
    return false
  }
  // The old sessions are over; what the old organisation left on this device goes, as at
  // a logout (a shared phone keeps nothing of it). The new organisation opens whatever
  // happens here: the old page may already have heard its session end (a pull answered
  // 401) and a database still held open is deleted at the next start (databases-to-remove.ts).
  try {
    await Promise.all([clearCachedData(account), salesAccount && forgetSalesAccount(salesAccount)])
  } finally {
    window.location.href = '/'
  }
  return true
}
