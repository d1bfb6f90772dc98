import { eq, sql } from 'drizzle-orm'
import { salesUsers } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { prepareOnce } from '../../db/prepare-once.ts'

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
