import { and, asc, eq } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { AppError } from '../errors/app-error.ts'
import type { OrganisationDb } from './organisation-db.ts'

/** A replicated table: rows are found by id and deleted as tombstones. */
type SyncedTable = SQLiteTable & { id: SQLiteColumn; deleted: SQLiteColumn }

/** The row with this id that is not a tombstone; 404 with `notFound` otherwise. */
export function requireLiveRow<T extends SyncedTable>(
  db: Pick<OrganisationDb, 'select'>,
  table: T,
  id: string,
  notFound: string,
): T['$inferSelect'] {
  const row = db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.deleted, false)))
    .get()
  if (!row) throw new AppError('not_found', notFound)
  return row
}

/** Every row of the table that is not a tombstone, by name (a list screen's order). */
export function listLiveRowsByName<T extends SyncedTable & { name: SQLiteColumn }>(
  db: Pick<OrganisationDb, 'select'>,
  table: T,
): T['$inferSelect'][] {
  return db.select().from(table).where(eq(table.deleted, false)).orderBy(asc(table.name)).all()
}
