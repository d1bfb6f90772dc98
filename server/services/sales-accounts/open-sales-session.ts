import { eq } from 'drizzle-orm'
import { salesUsers } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import { AppError } from '../../errors/app-error.ts'
import { openSession } from '../../system-directory/session-lifetime.ts'
import { noteUserActive } from '../users/note-user-active.ts'
import { isSalesUserAllowed, type SalesUser } from './is-sales-user-allowed.ts'

/** Why a sales user whose password is right may not sign in now; null when it may. */
export function getSalesRefusal(deps: Pick<AppDeps, 'organisations'>, user: SalesUser) {
  const db = deps.organisations.get(user.organisationId)
  return isSalesUserAllowed(db, user, user.organisationId)
    ? null
    : 'Dit account is niet actief. Neem contact op met je beheerder.'
}

/** Notes the sign-in and opens a Gold Estates session; 403 for an account that may not act. */
export async function openSalesSession(
  deps: Pick<AppDeps, 'directory' | 'organisations'>,
  user: SalesUser,
) {
  const refusal = getSalesRefusal(deps, user)
  if (refusal) throw new AppError('forbidden', refusal)
  const db = deps.organisations.get(user.organisationId)
  db.update(salesUsers).set({ lastLogin: Date.now() }).where(eq(salesUsers.id, user.id)).run()
  // A Gold Estates account of a Centraal user (LAUNCH APP's) is that person acting too.
  if (user.centraalUserId) noteUserActive(db, user.centraalUserId)
  const session = await openSession(deps.directory, {
    kind: 'sales',
    userId: user.id,
    organisationId: user.organisationId,
  })
  return { user, session }
}
