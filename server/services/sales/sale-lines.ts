import { and, eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { LineState } from '#schema/commission-changes'
import { commissions, sales } from '#schema/db/organisation'
import { maySeeSeller } from '#schema/sales-visibility'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { prepareOnce } from '../../db/prepare-once.ts'
import { AppError } from '../../errors/app-error.ts'

type CommissionRow = typeof commissions.$inferSelect

/** Refused: the sale was cancelled (corrections and payments on it stop). */
export const SALE_CANCELLED = 'Deze verkoop is geannuleerd'

/** The live commission lines of a sale, oldest first. */
export function findSaleLines(db: Pick<OrganisationDb, 'select'>, saleId: string) {
  return db
    .select()
    .from(commissions)
    .where(and(eq(commissions.saleId, saleId), eq(commissions.deleted, false)))
    .orderBy(commissions.createdAt, commissions.id)
    .all()
}

const value = (name: string) => sql.placeholder(name)

/**
 * Adds a pending commission line to a sale in the caller's transaction, with a new seq: a
 * new sale's lines, a correction's replacement or adjustment, a cancellation's clawback.
 * The insert is built once per connection: an import or a push adds thousands.
 */
export function insertSaleLine(
  ctx: ServiceContext,
  tx: Pick<OrganisationDb, 'get' | 'insert'>,
  line: Pick<
    typeof commissions.$inferInsert,
    | 'saleId'
    | 'sellerId'
    | 'commissionType'
    | 'role'
    | 'commissionPercentage'
    | 'commissionAmount'
    | 'expectedPaymentDate'
    | 'kind'
    | 'sourceId'
    | 'planVersionId'
    | 'planTier'
    | 'planNote'
  >,
  now: number,
) {
  const insert = prepareOnce(tx, 'insert-sale-line', () =>
    tx
      .insert(commissions)
      .values({
        id: value('id'),
        seq: value('seq'),
        updatedAt: value('now'),
        createdAt: value('now'),
        organisationId: value('organisationId'),
        saleId: value('saleId'),
        sellerId: value('sellerId'),
        commissionType: value('commissionType'),
        role: value('role'),
        commissionPercentage: value('commissionPercentage'),
        commissionAmount: value('commissionAmount'),
        expectedPaymentDate: value('expectedPaymentDate'),
        kind: value('kind'),
        sourceId: value('sourceId'),
        planVersionId: value('planVersionId'),
        planTier: value('planTier'),
        planNote: value('planNote'),
        status: 'pending',
      })
      .prepare(),
  )
  insert.run({
    ...line,
    // What the columns hold when a line leaves them out.
    commissionType: line.commissionType ?? 'sales',
    role: line.role ?? null,
    expectedPaymentDate: line.expectedPaymentDate ?? null,
    kind: line.kind ?? 'commission',
    sourceId: line.sourceId ?? null,
    planVersionId: line.planVersionId ?? null,
    planTier: line.planTier ?? null,
    planNote: line.planNote ?? null,
    id: uuidv7(),
    seq: takeNextSeq(tx),
    now,
    organisationId: ctx.actor.organisationId,
  })
}

/** A stored line as the arithmetic of schema/commission-changes.ts sees it. */
export function toLineState(row: CommissionRow): LineState {
  return {
    id: row.id,
    sellerId: row.sellerId,
    commissionType: row.commissionType,
    kind: row.kind,
    amount: row.commissionAmount,
    paid: row.paidAmount,
    status: row.status as LineState['status'],
  }
}

/**
 * Recounts what has been paid out on the sale (parts of its commission and adjustment
 * lines) and gives the sale a new seq when it changed, so every device learns of it and a
 * correction made against the old figure is refused.
 */
export function recountSalePaid(tx: Pick<OrganisationDb, 'get' | 'update'>, saleId: string) {
  const row = tx.get<{ total: number }>(
    sql`select coalesce(sum(${commissions.paidAmount}), 0) as total from ${commissions} where ${commissions.saleId} = ${saleId} and ${commissions.deleted} = 0 and ${commissions.kind} != 'clawback'`,
  )
  tx.update(sales)
    .set({ paidTotal: row.total, seq: takeNextSeq(tx), updatedAt: Date.now() })
    .where(and(eq(sales.id, saleId), sql`${sales.paidTotal} != ${row.total}`))
    .run()
}

/** The sale, refused with 409 once it is cancelled. */
export function requireStandingSale(sale: { status: string }) {
  if (sale.status === 'cancelled') throw new AppError('conflict', SALE_CANCELLED)
}

/** Whether the actor may act on this line: everyone with the right; a SELLER only on their own. */
export function requireVisibleLine(ctx: ServiceContext, line: CommissionRow) {
  if (maySeeSeller(ctx.actor, line.sellerId)) return
  throw new AppError('not_found', 'Commissie niet gevonden')
}
