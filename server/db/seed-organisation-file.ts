import { notInArray } from 'drizzle-orm'
import {
  backupSettings,
  organisationProfile,
  permissions,
  replicationCounter,
  rolePermissions,
  roles,
  salesSettings,
} from '#schema/db/organisation'
import { PERMISSION_NAMES, PERMISSIONS, ROLE_PERMISSIONS } from '#schema/permissions'
import { USER_ROLES } from '#schema/roles'
import type { OrganisationDb } from './organisation-db.ts'

/**
 * Puts the rows every organisation file needs in place: the replication counter, the
 * permissions, the four system roles and their grants, and the one-row settings tables.
 * Idempotent, so it runs on every open (and after a restore) and picks up permissions
 * added later. Permissions, system roles and their grants are product definitions: the
 * code's list replaces whatever the file holds, so no file can widen a role. The profile
 * is made with `name` when missing; undefined for a file that has it (made before).
 */
export function seedOrganisationFile(
  db: OrganisationDb,
  organisationId: string,
  name: string | undefined,
) {
  const now = Date.now()
  db.transaction((tx) => {
    tx.insert(replicationCounter).values({ id: 1, value: 0 }).onConflictDoNothing().run()
    tx.delete(rolePermissions).run()
    tx.delete(permissions).where(notInArray(permissions.id, PERMISSION_NAMES)).run()
    tx.delete(roles)
      .where(notInArray(roles.id, [...USER_ROLES]))
      .run()
    for (const permission of PERMISSION_NAMES) {
      tx.insert(permissions)
        .values({ id: permission, name: permission, ...PERMISSIONS[permission], createdAt: now })
        .onConflictDoNothing()
        .run()
    }
    for (const role of USER_ROLES) {
      tx.insert(roles)
        .values({
          id: role,
          organisationId: organisationId,
          name: role,
          isSystemRole: true,
          systemRoleType: role,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: roles.id,
          set: {
            organisationId: organisationId,
            name: role,
            isSystemRole: true,
            systemRoleType: role,
            status: 'active',
          },
        })
        .run()
      for (const permission of ROLE_PERMISSIONS[role]) {
        tx.insert(rolePermissions).values({ role, roleId: role, permissionId: permission }).run()
      }
    }
    if (name !== undefined) {
      tx.insert(organisationProfile)
        .values({ id: organisationId, name, updatedAt: now })
        .onConflictDoNothing()
        .run()
    }
    tx.insert(backupSettings)
      .values({ organisationId: organisationId, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .run()
    tx.insert(salesSettings)
      .values({ organisationId: organisationId, updatedAt: now })
      .onConflictDoNothing()
      .run()
  })
}
