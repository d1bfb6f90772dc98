import { v7 as uuidv7 } from 'uuid'
import type { CommissionType } from '#schema/commission'
import type { ServiceContext } from '../../../context.ts'
import { takeSeqs } from '../../../db/next-seq.ts'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { connectionOf } from '../../../db/prepare-once.ts'

/** An adjustment line a tier crossing writes (decision 039). */
export type AdjustmentLine = {
  saleId: string
  sellerId: string
  commissionType: CommissionType
  role: string | null
  commissionPercentage: number
  commissionAmount: number
  expectedPaymentDate: string | null
  planVersionId: string
  planTier: number
  planNote: string
}

/**
 * Rows per statement, largest first: 15 values a row, far below SQLite's limit of bound
 * values. A crossing over 500 sales wrote 500 inserts of one row, each taking its own seq;
 * one statement of 500 rows with the seqs taken at once is a fraction of that (decision
 * 039). A remainder goes in the smaller sizes, so only four statements are ever compiled
 * and kept (cacheStatements), not one per length.
 */
const SIZES = [500, 100, 10, 1]
const COLUMNS = `id, seq, updated_at, created_at, organization_id, sale_id, seller_id,
  commission_type, role, commission_percentage, commission_amount, expected_payment_date,
  kind, status, plan_version_id, plan_tier, plan_note`
const ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'adjustment', 'pending', ?, ?, ?)"

/**
 * Inserts adjustment lines, pending, with consecutive seqs in the order given, in the
 * caller's transaction. Each insert still gives its sale the line's seq (the trigger of
 * migration 0005), so devices pull the sales again with their lines.
 */
export function insertAdjustmentLines(
  ctx: ServiceContext,
  tx: Pick<OrganisationDb, 'get'>,
  lines: readonly AdjustmentLine[],
  now: number,
) {
  if (lines.length === 0) return
  let seq = takeSeqs(tx, lines.length)
  const client = connectionOf(tx)
  let start = 0
  while (start < lines.length) {
    const size = SIZES.find((candidate) => candidate <= lines.length - start) ?? 1
    const chunk = lines.slice(start, start + size)
    start += size
    const values: unknown[] = []
    for (const line of chunk) {
      values.push(
        uuidv7(),
        seq++,
        now,
        now,
        ctx.actor.organisationId,
        line.saleId,
        line.sellerId,
        line.commissionType,
        line.role,
        line.commissionPercentage,
        line.commissionAmount,
        line.expectedPaymentDate,
        line.planVersionId,
        line.planTier,
        line.planNote,
      )
    }
    const rows = Array.from({ length: size }, () => ROW).join(', ')
    client.prepare(`insert into commissions (${COLUMNS}) values ${rows}`).run(values)
  }
}
