import { syncQueue } from '#schema/db/organisation'
import { deleteOldRows } from '../../db/delete-old-rows.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'

const refusals = { table: syncQueue, key: syncQueue.id, madeAt: syncQueue.createdAt }

/** Deletes at most `limit` refusals (read or not) made before `before` (epoch ms); answers how many went. */
export function deleteOldSyncRefusals(db: OrganisationDb, before: number, limit: number) {
  return deleteOldRows(db, refusals, before, limit)
}
