import type { UserRole } from './roles.ts'

/** Every permission the server checks, by name, with its category (spec §3 permissions). */
export const PERMISSIONS = {
  'users.read': { category: 'users', description: 'Gebruikers bekijken' },
  'users.write': { category: 'users', description: 'Gebruikers aanmaken, wijzigen en verwijderen' },
  'apps.read': { category: 'apps', description: 'Gekoppelde apps bekijken' },
  'apps.write': { category: 'apps', description: 'Gekoppelde apps beheren' },
  'activities.read': { category: 'activities', description: 'Activiteiten bekijken' },
  'settings.read': { category: 'settings', description: 'Instellingen bekijken' },
  'settings.write': { category: 'settings', description: 'Organisatie-instellingen wijzigen' },
  'backup.run': { category: 'backup', description: 'Backups maken en terugzetten' },
  'organisations.manage': { category: 'organisations', description: 'Organisaties beheren' },
  'sales.launch': { category: 'sales', description: 'Gold Estates openen' },
} as const

export type PermissionName = keyof typeof PERMISSIONS

/** Names of all permissions, in a stable order. */
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[]

const readOnly: PermissionName[] = ['users.read', 'apps.read', 'activities.read', 'settings.read']

/** What each system role grants; user_permissions add or withdraw single permissions. */
export const ROLE_PERMISSIONS: Record<UserRole, readonly PermissionName[]> = {
  SUPERADMIN: PERMISSION_NAMES,
  ADMIN: PERMISSION_NAMES.filter(
    (name) => name !== 'organisations.manage' && name !== 'sales.launch',
  ),
  MANAGER: [...readOnly, 'apps.write'],
  USER: readOnly,
}
