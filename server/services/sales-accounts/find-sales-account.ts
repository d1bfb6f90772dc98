import { and, asc, eq } from 'drizzle-orm'
import { salesUsers } from '#schema/db/organisation'
import { loginDirectory } from '#schema/db/system'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import type { SystemDb } from '../../db/system-db.ts'
import { MAX_ENTRIES_PER_ADDRESS } from '../sign-in/match-password.ts'

/** The Gold Estates sign-ins with this e-mail, one per organisation (bounded). */
export function findSalesAccounts(systemDb: SystemDb, email: string) {
  return systemDb
    .select()
    .from(loginDirectory)
    .where(
      and(eq(loginDirectory.email, email.trim().toLowerCase()), eq(loginDirectory.kind, 'sales')),
    )
    .orderBy(asc(loginDirectory.organizationId))
    .limit(MAX_ENTRIES_PER_ADDRESS)
    .all()
}

/** The Gold Estates directory entry with this key (an address) in one organisation. */
export function findSalesAccountIn(systemDb: SystemDb, email: string, organisationId: string) {
  return systemDb
    .select()
    .from(loginDirectory)
    .where(
      and(
        eq(loginDirectory.email, email.trim().toLowerCase()),
        eq(loginDirectory.kind, 'sales'),
        eq(loginDirectory.organizationId, organisationId),
      ),
    )
    .get()
}

/** A sales user by id. */
export function findSalesUser(db: Pick<OrganisationDb, 'select'>, id: string) {
  return db.select().from(salesUsers).where(eq(salesUsers.id, id)).get()
}
