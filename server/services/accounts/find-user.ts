import { and, eq, sql } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { prepareOnce } from '../../db/prepare-once.ts'

/** A live (not deleted) central user by id (asked on every request: prepared once). */
export function findUser(db: OrganisationDb, userId: string) {
  return prepareOnce(db, 'find-user', () =>
    db
      .select()
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), eq(users.deleted, false)))
      .prepare(),
  ).get({ id: userId })
}
