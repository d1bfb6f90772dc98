import { eq } from 'drizzle-orm'
import { sales } from '#schema/db/organisation'
import { OWN_SALE_REVIEW, SALE_NOT_UNDER_REVIEW } from '#schema/sale-review'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../http/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findLiveSale } from './find-live-row.ts'
import { requireStandingSale } from './sale-lines.ts'

/**
 * "Afwijzen": a sale under review goes back to its SELLER with the reason; it still
 * neither counts nor can be paid, and their correction puts it back under review.
 */
export function rejectSale(ctx: ServiceContext, id: string, reason: string) {
  requirePermission(ctx.actor, 'sales.approve')
  const sale = findLiveSale(ctx, id)
  requireStandingSale(sale)
  if (sale.reviewStatus !== 'pending') throw new AppError('conflict', SALE_NOT_UNDER_REVIEW)
  if (sale.createdBy === ctx.actor.userId) throw new AppError('forbidden', OWN_SALE_REVIEW)
  const now = Date.now()
  return ctx.db.transaction((tx) => {
    const rejected = tx
      .update(sales)
      .set({
        reviewStatus: 'rejected',
        reviewReason: reason,
        reviewedBy: ctx.actor.userId,
        reviewedAt: now,
        seq: takeNextSeq(tx),
        updatedAt: now,
      })
      .where(eq(sales.id, id))
      .returning()
      .get()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'app',
      action: 'Verkoop afgewezen',
      target: `${sale.clientName} (${sale.propertyNumber})`,
      metadata: { saleId: id, reason },
    })
    return rejected
  })
}
