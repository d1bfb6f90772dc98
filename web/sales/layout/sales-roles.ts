import type { PermissionName } from '#schema/permissions'
import { SALES_ROLE_PERMISSIONS } from '#schema/permissions'
import type { SalesUser } from '../data/sales-session.tsx'

/** How a sales role is shown (the setup page greets with the same labels). */
export { SALES_ROLE_LABELS } from '#schema/roles'

/**
 * Whether the signed-in sales user holds a right, by the same names and the same table as
 * the server's checks (schema/permissions.ts): a screen offers only what would be allowed.
 */
export function hasSalesPermission(user: Pick<SalesUser, 'role'>, name: PermissionName): boolean {
  return getSalesPermissions(user).includes(name)
}

/** The rights of the user's sales role, for the rules in schema/ that take them. */
export function getSalesPermissions(user: Pick<SalesUser, 'role'>): readonly PermissionName[] {
  return SALES_ROLE_PERMISSIONS[user.role]
}

/**
 * Whether the user may correct this sale, by the server's rule: with sales.correct, or
 * (a SELLER) a sale they registered while it is under review or sent back.
 */
export function canCorrectSale(
  user: Pick<SalesUser, 'id' | 'role'>,
  sale: { createdBy: string | null; reviewStatus: string | null },
): boolean {
  if (hasSalesPermission(user, 'sales.correct')) return true
  return sale.createdBy === user.id && sale.reviewStatus !== null
}
