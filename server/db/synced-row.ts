import { eq } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core'
import { v7 as uuidv7 } from 'uuid'
import { takeNextSeq } from './next-seq.ts'
import type { OrganisationDb } from './organisation-db.ts'

type Writer = Pick<OrganisationDb, 'get'>

/**
 * The columns a new replicated row of an organisation takes. Call it inside the write
 * transaction, as takeNextSeq wants; `id` is the client's when a sync push sends one, `now`
 * the moment of a write that stamps other columns with it too.
 */
export function newSyncedRow(tx: Writer, organisationId: string, id?: string, now = Date.now()) {
  return {
    id: id ?? uuidv7(),
    seq: takeNextSeq(tx),
    updatedAt: now,
    organisationId,
    createdAt: now,
  }
}

/** The columns every change to a replicated row sets, inside the write transaction. */
export function changedSyncedRow(tx: Writer) {
  return { seq: takeNextSeq(tx), updatedAt: Date.now() }
}

/** A replicated table: rows are found by id. */
type SyncedTable = SQLiteTable & { id: SQLiteColumn }

/**
 * Changes the replicated row with this id (with changedSyncedRow's columns), inside the
 * write transaction; answers the row as it is now.
 */
export function updateSyncedRow<T extends SyncedTable>(
  tx: Pick<OrganisationDb, 'update' | 'get'>,
  table: T,
  id: string,
  set: Partial<T['$inferInsert']>,
): T['$inferSelect'] {
  return tx
    .update(table)
    .set({ ...set, ...changedSyncedRow(tx) } as SQLiteUpdateSetSource<T>)
    .where(eq(table.id, id))
    .returning()
    .get() as T['$inferSelect']
}
