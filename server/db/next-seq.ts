import { sql } from 'drizzle-orm'
import { replicationCounter } from '#schema/db/organisation'
import type { OrganisationDb } from './organisation-db.ts'

type Writer = Pick<OrganisationDb, 'update'>

/**
 * Takes the next replication seq. Call it inside the write transaction: better-sqlite3
 * serialises transactions, so seq order is commit order.
 */
export function takeNextSeq(tx: Writer): number {
  const row = tx
    .update(replicationCounter)
    .set({ value: sql`${replicationCounter.value} + 1` })
    .returning({ value: replicationCounter.value })
    .get()
  if (!row) throw new Error('replication counter missing')
  return row.value
}
