import { idempotencyKeys } from '#schema/db/organisation'
import { deleteOldRows } from '../../db/delete-old-rows.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'

const records = {
  table: idempotencyKeys,
  key: idempotencyKeys.key,
  madeAt: idempotencyKeys.createdAt,
}

/**
 * Deletes at most `limit` idempotency records (server/http/respond-once.ts) made before
 * `before` (epoch ms); answers how many went. A call that old is never replayed: the
 * offline queue gives up on it first (IDEMPOTENCY_RECORD_MAX_AGE_MS).
 */
export function deleteOldIdempotencyRecords(db: OrganisationDb, before: number, limit: number) {
  return deleteOldRows(db, records, before, limit)
}
