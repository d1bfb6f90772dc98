import { ROLE_LABELS, type UserRole, type UserStatus } from '#schema/roles'

/** Status choices of the edit form; the list shows anything but active as Inactief (spec §4). */
export const STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Actief',
  inactive: 'Inactief',
  suspended: 'Geschorst',
}

/** The roles a person may hand out: Superadmin only by a SUPERADMIN (spec §2: Admin, Manager, Gebruiker). */
export function getRoleChoices(actorRole: UserRole) {
  const roles: UserRole[] =
    actorRole === 'SUPERADMIN'
      ? ['SUPERADMIN', 'ADMIN', 'MANAGER', 'USER']
      : ['ADMIN', 'MANAGER', 'USER']
  return roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))
}
