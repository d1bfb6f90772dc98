import { getAssignableRoles, ROLE_LABELS, type UserRole, type UserStatus } from '#schema/roles'

/** Status choices of the edit form; the list shows anything but active as Inactief (docs/behaviour.md, Gebruikers). */
export const STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Actief',
  inactive: 'Inactief',
  suspended: 'Geschorst',
}

/** The roles a person may hand out, as form choices (docs/behaviour.md: Admin, Manager, Gebruiker). */
export function getRoleChoices(actorRole: UserRole) {
  return getAssignableRoles(actorRole).map((role) => ({ value: role, label: ROLE_LABELS[role] }))
}
