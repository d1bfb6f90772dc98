import { inArray, lt } from 'drizzle-orm'
import { idempotencyKeys } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'

/**
 * Deletes at most `limit` idempotency records (server/http/respond-once.ts) made before
 * `before` (epoch ms); answers how many went. A call that old is never replayed: the
 * offline queue gives up on it first (IDEMPOTENCY_RECORD_MAX_AGE_MS).
 */
export function deleteOldIdempotencyRecords(db: OrganisationDb, before: number, limit: number) {
  const old = db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .limit(limit)
  return db.delete(idempotencyKeys).where(inArray(idempotencyKeys.key, old)).run().changes
}
