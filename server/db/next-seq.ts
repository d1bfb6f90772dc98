import { sql } from 'drizzle-orm'
import type { OrganisationDb } from './organisation-db.ts'
import { connectionOf } from './prepare-once.ts'

type Writer = Pick<OrganisationDb, 'get'>

// Plain SQL on the connection, its statement compiled once (cache-statements.ts): this
// runs for every replicated write, and drizzle built the query anew each time.
const bumpCounter = 'update replication_counter set value = value + 1 where id = 1 returning value'

/**
 * Takes the next replication seq. Call it inside the write transaction: better-sqlite3
 * serialises transactions, so seq order is commit order.
 */
export function takeNextSeq(tx: Writer): number {
  const row = connectionOf(tx).prepare(bumpCounter).get() as { value: number } | undefined
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

const bumpCounterBy =
  'update replication_counter set value = value + ? where id = 1 returning value'

/**
 * Takes `count` seqs in one statement, for rows written together (a tier crossing's
 * adjustment lines): the first of them; the others follow it one by one.
 */
export function takeSeqs(tx: Writer, count: number): number {
  const row = connectionOf(tx).prepare(bumpCounterBy).get(count) as { value: number } | undefined
  if (!row) throw new Error('replication counter missing')
  return row.value - count + 1
}
