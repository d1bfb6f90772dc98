import { and, eq } from 'drizzle-orm'
import { salesUsers } from '#schema/db/organisation'
import { loginDirectory } from '#schema/db/system'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import type { SystemDb } from '../../db/system-db.ts'

/** Where a sales account with this e-mail lives, from the login directory. */
export function findSalesAccount(systemDb: SystemDb, email: string) {
  return systemDb
    .select()
    .from(loginDirectory)
    .where(
      and(eq(loginDirectory.email, email.trim().toLowerCase()), eq(loginDirectory.kind, 'sales')),
    )
    .get()
}

/** A sales user by id. */
export function findSalesUser(db: Pick<OrganisationDb, 'select'>, id: string) {
  return db.select().from(salesUsers).where(eq(salesUsers.id, id)).get()
}
