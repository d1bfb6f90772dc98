import { and, eq, isNull, ne } from 'drizzle-orm'
import { salesSellers, salesUsers } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'

/**
 * Whether another Gold Estates sign-in of the organisation, or another live seller (whose
 * address would become a sign-in with "Inloggen toestaan"), already uses `email`. A
 * Centraal account with the address is another account and no obstacle (docs/behaviour.md,
 * Access).
 */
export function isSalesAddressTaken(
  db: Pick<OrganisationDb, 'select'>,
  email: string,
  own: { salesUserId: string; sellerId: string | null },
) {
  const signIn = db
    .select({ id: salesUsers.id })
    .from(salesUsers)
    .where(
      and(
        eq(salesUsers.email, email),
        isNull(salesUsers.centraalUserId),
        ne(salesUsers.id, own.salesUserId),
      ),
    )
    .get()
  if (signIn) return true
  const seller = db
    .select({ id: salesSellers.id })
    .from(salesSellers)
    .where(
      and(
        eq(salesSellers.email, email),
        eq(salesSellers.deleted, false),
        ne(salesSellers.id, own.sellerId ?? ''),
      ),
    )
    .get()
  return seller !== undefined
}
