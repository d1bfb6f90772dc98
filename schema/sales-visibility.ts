import type { PermissionName } from './permissions.ts'

/** A reader's rights: the server's resolved set, or a sales role's list in the browser. */
type Rights = ReadonlySet<PermissionName> | readonly PermissionName[]

/**
 * Whether these rights see every sale, line, payment part and seller (sales.read.all: ADMIN,
 * MANAGER), rather than only the reader's own share (a SELLER).
 */
export function seesAllSales(permissions: Rights): boolean {
  return 'has' in permissions
    ? permissions.has('sales.read.all')
    : permissions.includes('sales.read.all')
}

/**
 * Whether the reader sees what belongs to this seller (their lines, statement, contact
 * details): everyone's with seesAllSales, otherwise only their own.
 */
export function maySeeSeller(
  reader: { permissions: Rights; sellerId?: string | null },
  sellerId: string,
): boolean {
  return seesAllSales(reader.permissions) || reader.sellerId === sellerId
}
