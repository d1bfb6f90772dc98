import { and, eq } from 'drizzle-orm'
import { salesSellers, salesUsers } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import { changedSyncedRow } from '../../db/synced-row.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendOwnAccountActivity } from '../activities/append-activity.ts'
import { applyAddressChange } from '../address-change/apply-address-change.ts'
import {
  CONFIRM_REFUSALS,
  readChangeToken,
  type SignedInAccount,
} from '../address-change/change-tokens.ts'
import { isSalesAddressTaken } from './sales-address-taken.ts'

/**
 * Makes a Gold Estates sign-in's confirmed address change take effect (decision 037): the
 * link's one account, once, within its day, while no other sign-in or seller of the
 * organisation took the address meanwhile. One truth: the sign-in and its seller record
 * (which every device replicates, and the sales ADMIN sees) get the new address in one
 * transaction; then the login directory, reset links, bounce marker and address proof
 * follow (followAddressChange). A browser signed in to another sales account is refused.
 */
export function confirmSalesAddressChange(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'directory' | 'organisations'>,
  input: { token: string; signedIn: SignedInAccount },
) {
  const token = readChangeToken(deps.systemDb, { ...input, kind: 'sales' })
  const db = deps.organisations.get(token.organisationId)
  const user = db.select().from(salesUsers).where(eq(salesUsers.id, token.userId)).get()
  const isLive =
    user?.organisationId === token.organisationId &&
    user.status === 'active' &&
    user.centraalUserId === null
  if (!user || !isLive) throw new AppError('forbidden', CONFIRM_REFUSALS.gone)
  const seller = db
    .select({ id: salesSellers.id })
    .from(salesSellers)
    .where(and(eq(salesSellers.userId, user.id), eq(salesSellers.deleted, false)))
    .get()
  const own = { salesUserId: user.id, sellerId: seller?.id ?? null }
  if (isSalesAddressTaken(db, token.newEmail, own)) {
    throw new AppError('conflict', CONFIRM_REFUSALS.taken)
  }
  return applyAddressChange(deps, db, token, user, (tx) => {
    tx.update(salesUsers)
      .set({ email: token.newEmail, updatedAt: Date.now() })
      .where(eq(salesUsers.id, user.id))
      .run()
    if (seller) {
      tx.update(salesSellers)
        .set({ email: token.newEmail, ...changedSyncedRow(tx) })
        .where(eq(salesSellers.id, seller.id))
        .run()
    }
    appendOwnAccountActivity(tx, token.organisationId, user, 'E-mailadres gewijzigd (Gold Estates)')
  })
}
