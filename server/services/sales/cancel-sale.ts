import { format } from 'date-fns/format'
import { eq } from 'drizzle-orm'
import { planCancellation } from '#schema/commission-changes'
import { commissions, sales } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { reconcilePlanLines } from './commission-plans/reconcile-plans.ts'
import { findLiveSale } from './find-live-row.ts'
import { findSaleLines, insertSaleLine, toLineState } from './sale-lines.ts'
import { saleStatements } from './sale-statements.ts'

/**
 * Cancels a sale ("Verkoop annuleren"): the sale becomes cancelled, its unpaid and partly
 * paid lines are cancelled, and each paid part is owed back through a clawback line of
 * that seller (planCancellation), pending until settled. A second cancel is a 409.
 */
export function cancelSale(ctx: ServiceContext, id: string, reason: string) {
  requirePermission(ctx.actor, 'sales.correct')
  const sale = findLiveSale(ctx, id)
  if (sale.status === 'cancelled') throw new AppError('conflict', 'Deze verkoop is al geannuleerd')
  const statements = saleStatements(ctx.db)
  const now = Date.now()
  const today = format(now, 'yyyy-MM-dd')
  return ctx.db.transaction((tx) => {
    const current = findSaleLines(tx, id)
    const plan = planCancellation(current.map(toLineState))
    const byId = new Map(current.map((line) => [line.id, line]))
    for (const lineId of plan.cancelIds) {
      tx.update(commissions)
        .set({ status: 'cancelled', seq: takeNextSeq(tx), updatedAt: now })
        .where(eq(commissions.id, lineId))
        .run()
    }
    for (const clawback of plan.clawbacks) {
      const source = clawback.sourceId ? byId.get(clawback.sourceId) : undefined
      insertSaleLine(
        ctx,
        tx,
        {
          saleId: id,
          sellerId: clawback.sellerId,
          commissionType: clawback.commissionType,
          role: source?.role ?? null,
          commissionPercentage: source?.commissionPercentage ?? 0,
          commissionAmount: clawback.amount,
          expectedPaymentDate: today,
          kind: 'clawback',
          sourceId: clawback.sourceId ?? null,
        },
        now,
      )
    }
    const cancelled = tx
      .update(sales)
      .set({
        status: 'cancelled',
        cancelReason: reason,
        cancelledAt: now,
        seq: takeNextSeq(tx),
        updatedAt: now,
      })
      .where(eq(sales.id, id))
      .returning()
      .get()
    statements.recountProject.run({
      projectId: sale.projectId,
      seq: takeNextSeq(tx),
      updatedAt: now,
    })
    // The sale leaves its sellers' volume: plan lines of their period follow (decision 039).
    reconcilePlanLines(ctx, tx, {
      sellerIds: current.map((line) => line.sellerId),
      dates: [sale.saleDate],
      cause: `annulering van ${sale.clientName} (${sale.propertyNumber})`,
    })
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'sale',
      action: 'Verkoop geannuleerd',
      target: `${sale.clientName} (${sale.propertyNumber})`,
      metadata: {
        saleId: id,
        reason,
        cancelledLines: plan.cancelIds.length,
        clawbacks: plan.clawbacks.map(({ sellerId, amount }) => ({ sellerId, amount })),
      },
    })
    return cancelled
  })
}
