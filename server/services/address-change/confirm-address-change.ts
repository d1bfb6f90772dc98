import { and, eq, ne } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import { changedSyncedRow } from '../../db/synced-row.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendOwnAccountActivity } from '../activities/append-activity.ts'
import { applyAddressChange } from './apply-address-change.ts'
import { CONFIRM_REFUSALS, readChangeToken, type SignedInAccount } from './change-tokens.ts'

/**
 * Makes a confirmed address change take effect: the link's one account, once, within its
 * day, while the new address is still free in the organisation. The user's row (and so
 * every device, through replication) and the login directory get the new address; reset
 * links sent to the old one die, and a bounce marker of the old address goes with it.
 * Opened in a browser signed in to another account, the link is refused.
 */
export function confirmAddressChange(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'directory' | 'organisations'>,
  input: { token: string; signedIn: SignedInAccount },
) {
  const token = readChangeToken(deps.systemDb, { ...input, kind: 'central' })
  const db = deps.organisations.get(token.organisationId)
  const user = db
    .select()
    .from(users)
    .where(and(eq(users.id, token.userId), eq(users.deleted, false)))
    .get()
  if (!user || user.organisationId !== token.organisationId || user.status !== 'active') {
    throw new AppError('forbidden', CONFIRM_REFUSALS.gone)
  }
  const isTaken = (email: string) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.deleted, false), ne(users.id, user.id)))
      .get() !== undefined
  if (isTaken(token.newEmail)) throw new AppError('conflict', CONFIRM_REFUSALS.taken)
  return applyAddressChange(deps, db, token, user, (tx) => {
    tx.update(users)
      .set({ email: token.newEmail, ...changedSyncedRow(tx) })
      .where(eq(users.id, user.id))
      .run()
    appendOwnAccountActivity(tx, token.organisationId, user, 'E-mailadres gewijzigd')
  })
}
