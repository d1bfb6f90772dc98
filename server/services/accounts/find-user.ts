import { and, eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'

/** A live (not deleted) central user by id. */
export function findUser(db: OrganisationDb, userId: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deleted, false)))
    .get()
}
