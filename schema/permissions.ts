import type { SalesRole, UserRole } from './roles.ts'

/** Every permission the server checks, by name, with its category (docs/behaviour.md, Roles and rights). */
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
  'sales.read.all': { category: 'sales', description: 'Alle verkopen en commissies zien' },
  'sales.register': { category: 'sales', description: 'Verkopen registreren' },
  'sales.catalog.write': { category: 'sales', description: 'Projecten en verkopers beheren' },
  'sales.commissions.pay': { category: 'sales', description: 'Commissies als betaald markeren' },
  'sales.correct': {
    category: 'sales',
    description: 'Geregistreerde verkopen corrigeren en annuleren',
  },
  'sales.approve': {
    category: 'sales',
    description: 'Verkopen ter beoordeling goedkeuren of afwijzen',
  },
  'sales.settings.write': { category: 'sales', description: 'Gold Estates-instellingen wijzigen' },
  'sales.import': {
    category: 'sales',
    description:
      'Verkopen importeren uit een spreadsheet (maakt ontbrekende projecten en verkopers aan)',
  },
} as const

export type PermissionName = keyof typeof PERMISSIONS

/** Names of all permissions, in a stable order. */
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[]

/**
 * Platform rights: over every organisation, not one. Never granted by a role or a grant in
 * an organisation file (a tenant can write those through a restore); the server gives them
 * in code to a SUPERADMIN whose session belongs to the platform organisation.
 */
export const PLATFORM_PERMISSION_NAMES: readonly PermissionName[] = ['organisations.manage']

/** Permissions of the sales area, granted by sales roles only. */
export const SALES_PERMISSION_NAMES = PERMISSION_NAMES.filter(
  (name) => name.startsWith('sales.') && name !== 'sales.launch',
)

const ORGANISATION_PERMISSION_NAMES = PERMISSION_NAMES.filter(
  (name) => !SALES_PERMISSION_NAMES.includes(name) && !PLATFORM_PERMISSION_NAMES.includes(name),
)

const readOnly: PermissionName[] = ['users.read', 'apps.read', 'activities.read', 'settings.read']

/**
 * What each system role grants within its organisation; user_permissions add or withdraw
 * single permissions. The SUPERADMIN is the organisation's owner: it alone launches Gold
 * Estates and runs backups and restores (a backup holds every password hash).
 */
export const ROLE_PERMISSIONS: Record<UserRole, readonly PermissionName[]> = {
  SUPERADMIN: ORGANISATION_PERMISSION_NAMES,
  ADMIN: ORGANISATION_PERMISSION_NAMES.filter(
    (name) => name !== 'sales.launch' && name !== 'backup.run',
  ),
  MANAGER: [...readOnly, 'apps.write'],
  USER: readOnly,
}

/**
 * What each sales role grants (Gold Estates). A SELLER registers sales and sees only the
 * sales in which they hold a commission line; the server filters for them.
 */
export const SALES_ROLE_PERMISSIONS: Record<SalesRole, readonly PermissionName[]> = {
  ADMIN: SALES_PERMISSION_NAMES,
  MANAGER: [
    'sales.read.all',
    'sales.register',
    'sales.commissions.pay',
    'sales.correct',
    'sales.approve',
    'sales.import',
  ],
  SELLER: ['sales.register'],
}
