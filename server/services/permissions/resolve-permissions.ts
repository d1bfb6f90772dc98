import { eq } from 'drizzle-orm'
import { rolePermissions, userPermissions } from '#schema/db/organisation'
import type { PermissionName } from '#schema/permissions'
import type { UserRole } from '#schema/roles'
import type { OrganisationDb } from '../../db/organisation-db.ts'

/** What a user may do: the grants of their role, plus per-user grants, minus withdrawals. */
export function resolvePermissions(
  db: Pick<OrganisationDb, 'select'>,
  user: { id: string; role: UserRole },
): ReadonlySet<PermissionName> {
  const granted = new Set(
    db
      .select({ permissionId: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, user.role))
      .all()
      .map((row) => row.permissionId as PermissionName),
  )
  const overrides = db
    .select()
    .from(userPermissions)
    .where(eq(userPermissions.userId, user.id))
    .all()
  for (const override of overrides) {
    const name = override.permissionId as PermissionName
    if (override.granted) granted.add(name)
    else granted.delete(name)
  }
  return granted
}
