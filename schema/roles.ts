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

/** Dutch labels for the role badge and the user form. */
export const ROLE_LABELS: Record<UserRole, string> = {
  SUPERADMIN: 'Superadmin',
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  USER: 'Gebruiker',
}
