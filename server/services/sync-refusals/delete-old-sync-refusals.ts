import { inArray, lt } from 'drizzle-orm'
import { syncQueue } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'

/**
 * Deletes at most `limit` refusals (read or not) made before `before` (epoch ms); answers
 * how many went. Small batches, so that a caller can let other work run in between.
 */
export function deleteOldSyncRefusals(db: OrganisationDb, before: number, limit: number) {
  const old = db
    .select({ id: syncQueue.id })
    .from(syncQueue)
    .where(lt(syncQueue.createdAt, before))
    .limit(limit)
  return db.delete(syncQueue).where(inArray(syncQueue.id, old)).run().changes
}
