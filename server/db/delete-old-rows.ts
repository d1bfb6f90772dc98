import { inArray, lt } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { OrganisationDb } from './organisation-db.ts'

/**
 * Deletes at most `limit` rows of `table` made (`madeAt`) before `before` (epoch ms), by
 * their `key`; answers how many went. Small batches, so that a caller can let other work
 * run in between.
 */
export function deleteOldRows(
  db: OrganisationDb,
  rows: { table: SQLiteTable; key: SQLiteColumn; madeAt: SQLiteColumn },
  before: number,
  limit: number,
) {
  const old = db
    .select({ key: rows.key })
    .from(rows.table)
    .where(lt(rows.madeAt, before))
    .limit(limit)
  return db.delete(rows.table).where(inArray(rows.key, old)).run().changes
}
