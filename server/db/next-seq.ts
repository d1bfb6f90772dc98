import { sql } from 'drizzle-orm'
import type { OrganisationDb } from './organisation-db.ts'

type Writer = Pick<OrganisationDb, 'get'>

// Plain SQL rather than the query builder: this runs for every replicated write.
const bumpCounter = sql`update replication_counter set value = value + 1 where id = 1 returning value`

/**
 * Takes the next replication seq. Call it inside the write transaction: better-sqlite3
 * serialises transactions, so seq order is commit order.
 */
export function takeNextSeq(tx: Writer): number {
  const row = tx.get<{ value: number } | undefined>(bumpCounter)
  if (!row) throw new Error('replication counter missing')
  return row.value
}

const readCounter = sql`select value from replication_counter where id = 1`

/**
 * The last seq taken and committed: every row with a seq up to it is in the file, since
 * the counter and its rows commit together.
 */
export function readReplicationSeq(db: Pick<OrganisationDb, 'get'>): number {
  return db.get<{ value: number } | undefined>(readCounter)?.value ?? 0
}
