import { eq, sql } from 'drizzle-orm'
import { salesUsers } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { prepareOnce } from '../../db/prepare-once.ts'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'
import { findDirectoryEntries } from '../sign-in/find-directory-entries.ts'

/** The Gold Estates sign-ins with this e-mail, one per organisation (bounded). */
export function findSalesAccounts(
  directory: SystemDirectory,
  email: string,
  preferred: readonly string[] = [],
) {
  return findDirectoryEntries(directory, 'sales', email, preferred)
}

/** The Gold Estates directory entry with this key (an address) in one organisation. */
export function findSalesAccountIn(
  directory: SystemDirectory,
  email: string,
  organisationId: string,
) {
  return directory.findEntryIn('sales', email, organisationId)
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
