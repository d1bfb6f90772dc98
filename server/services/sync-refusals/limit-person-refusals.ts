import { desc, eq, inArray } from 'drizzle-orm'
import { syncQueue } from '#schema/db/organisation'
import { SYNC_REFUSALS_PER_PERSON } from '#schema/sync-refusals'
import type { OrganisationDb } from '../../db/organisation-db.ts'

/**
 * Keeps a person's newest SYNC_REFUSALS_PER_PERSON refusals (read or not) and deletes
 * the older ones: run after a push recorded refusals, in its transaction. Other people's
 * are never touched.
 */
export function limitPersonRefusals(db: OrganisationDb, userId: string) {
  const older = db
    .select({ id: syncQueue.id })
    .from(syncQueue)
    .where(eq(syncQueue.userId, userId))
    .orderBy(desc(syncQueue.createdAt), desc(syncQueue.id))
    // SQLite takes an offset only after a limit.
    .limit(Number.MAX_SAFE_INTEGER)
    .offset(SYNC_REFUSALS_PER_PERSON)
  db.delete(syncQueue).where(inArray(syncQueue.id, older)).run()
}
