import type { salesUsers } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { findUser } from '../accounts/find-user.ts'
import { resolvePermissions } from '../permissions/resolve-permissions.ts'

/** A Gold Estates sign-in as its organisation's file holds it. */
export type SalesUser = typeof salesUsers.$inferSelect

/**
 * Whether a sales user may act now: active, in the organisation its session names, and,
 * when a launch linked it to a central user (cross_app_access), only while that central
 * user is active and still holds `sales.launch`. Checked at sign-in and on every request,
 * so a suspended or demoted SUPERADMIN's Gold Estates session ends with their account.
 */
export function isSalesUserAllowed(
  db: OrganisationDb,
  user: SalesUser | undefined,
  organisationId: string,
): user is SalesUser {
  if (user?.status !== 'active' || user.organisationId !== organisationId) return false
  if (!user.centraalUserId) return true
  const central = findUser(db, user.centraalUserId)
  if (central?.status !== 'active' || central.organisationId !== organisationId) return false
  return resolvePermissions(db, central, organisationId).has('sales.launch')
}
