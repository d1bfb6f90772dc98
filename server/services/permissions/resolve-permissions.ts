import { eq, sql } from 'drizzle-orm'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { rolePermissions, userPermissions } from '#schema/db/organisation'
import { type PermissionName, PLATFORM_PERMISSION_NAMES } from '#schema/permissions'
import type { UserRole } from '#schema/roles'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { prepareOnce } from '../../db/prepare-once.ts'

/** The organisation created at first start: the platform's own. */
export const PLATFORM_ORGANISATION_ID = DEFAULT_ORGANISATION_ID

/**
 * Whether a user holds the platform's rights: a SUPERADMIN of the platform organisation.
 * `organisationId` must come from the session (the login directory), never from a row.
 */
export function isPlatformOwner(organisationId: string, role: UserRole) {
  return organisationId === PLATFORM_ORGANISATION_ID && role === 'SUPERADMIN'
}

/**
 * What a user may do: the grants of their role, plus per-user grants, minus withdrawals.
 * Platform rights never come from the file (a tenant writes it through a restore): they
 * are added in code for the platform's owners only.
 */
export function resolvePermissions(
  db: Pick<OrganisationDb, 'select'>,
  user: { id: string; role: UserRole },
  organisationId: string,
): ReadonlySet<PermissionName> {
  const statements = prepareOnce(db, 'resolve-permissions', () => ({
    ofRole: db
      .select({ permissionId: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, sql.placeholder('role')))
      .prepare(),
    ofUser: db
      .select()
      .from(userPermissions)
      .where(eq(userPermissions.userId, sql.placeholder('userId')))
      .prepare(),
  }))
  const granted = new Set(
    statements.ofRole.all({ role: user.role }).map((row) => row.permissionId as PermissionName),
  )
  const overrides = statements.ofUser.all({ userId: user.id })
  for (const override of overrides) {
    const name = override.permissionId as PermissionName
    if (override.granted) granted.add(name)
    else granted.delete(name)
  }
  for (const name of PLATFORM_PERMISSION_NAMES) granted.delete(name)
  if (isPlatformOwner(organisationId, user.role)) {
    for (const name of PLATFORM_PERMISSION_NAMES) granted.add(name)
  }
  return granted
}
