import type { SalesUser } from '../data/sales-session.tsx'

/** How a sales role is shown. */
export const SALES_ROLE_LABELS: Record<SalesUser['role'], string> = {
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  SELLER: 'Verkoper',
}

/** Only a sales ADMIN changes projects, sellers and settings (the server checks too). */
export function isSalesAdmin(user: Pick<SalesUser, 'role'>): boolean {
  return user.role === 'ADMIN'
}
