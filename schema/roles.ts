// Roles and statuses as plain constants: the header and the first screen use them without
// loading zod. Their validators are in role-schemas.ts.

/** Central user roles, strongest first. MANAGER sits between ADMIN and USER. */
export const USER_ROLES = ['SUPERADMIN', 'ADMIN', 'MANAGER', 'USER'] as const
export type UserRole = (typeof USER_ROLES)[number]

/** Account statuses; anything but active cannot sign in. */
export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

/** Sales-area roles (Gold Estates). */
export const SALES_ROLES = ['ADMIN', 'MANAGER', 'SELLER'] as const
export type SalesRole = (typeof SALES_ROLES)[number]

/**
 * Whether someone of `actorRole` may create, change or delete a user of `role`: only a
 * SUPERADMIN manages a SUPERADMIN. The server enforces it (user-rules.ts); the Gebruikers
 * screen offers only what it allows.
 */
export function mayManageRole(actorRole: UserRole | null, role: UserRole): boolean {
  return role !== 'SUPERADMIN' || actorRole === 'SUPERADMIN'
}

/** The roles someone of `actorRole` may hand out, strongest first. */
export function getAssignableRoles(actorRole: UserRole | null): UserRole[] {
  return USER_ROLES.filter((role) => mayManageRole(actorRole, role))
}

/** Dutch labels for the role badge and the user form. */
export const ROLE_LABELS: Record<UserRole, string> = {
  SUPERADMIN: 'Superadmin',
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  USER: 'Gebruiker',
}

/** Dutch labels of the sales-area roles (Gold Estates). */
export const SALES_ROLE_LABELS: Record<SalesRole, string> = {
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  SELLER: 'Verkoper',
}
