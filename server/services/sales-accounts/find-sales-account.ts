import { eq, sql } from 'drizzle-orm'
import { salesUsers } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { prepareOnce } from '../../db/prepare-once.ts'
import type { SystemDb } from '../../db/system-db.ts'
import { findDirectoryEntries, findDirectoryEntryIn } from '../sign-in/find-directory-entries.ts'

/** The Gold Estates sign-ins with this e-mail, one per organisation (bounded). */
export function findSalesAccounts(
  systemDb: SystemDb,
  email: string,
  preferred: readonly string[] = [],
) {
  return findDirectoryEntries(systemDb, 'sales', email, preferred)
}

/** The Gold Estates directory entry with this key (an address) in one organisation. */
export function findSalesAccountIn(systemDb: SystemDb, email: string, organisationId: string) {
  return findDirectoryEntryIn(systemDb, 'sales', email, organisationId)
}

/** A sales user by id (asked on every sales request: prepared once). */
export function findSalesUser(db: Pick<OrganisationDb, 'select'>, id: string) {
  return prepareOnce(db, 'find-sales-user', () =>
    db
      .select()
      .from(salesUsers)
      .where(eq(salesUsers.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id })
}
