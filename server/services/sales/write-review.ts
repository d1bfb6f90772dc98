import { eq } from 'drizzle-orm'
import { sales } from '#schema/db/organisation'
import { OWN_SALE_REVIEW, type ReviewStatus, SALE_NOT_UNDER_REVIEW } from '#schema/sale-review'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { type NotifiedSale, notifyReview } from '../notifications/notify-sales.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findLiveSale } from './find-live-row.ts'
import { requireStandingSale } from './sale-lines.ts'

/**
 * The sale an approver may review: live, standing, "Ter beoordeling" (a sale sent back
 * waits for its SELLER's correction first), not registered by the approver, and still the
 * version they saw (`seenSeq`; else 409 with `changedMessage`).
 */
export function findSaleToReview(
  ctx: ServiceContext,
  id: string,
  seen: { seenSeq: number; changedMessage: string },
) {
  requirePermission(ctx.actor, 'sales.approve')
  const sale = findLiveSale(ctx, id)
  requireStandingSale(sale)
  if (sale.reviewStatus !== 'pending') throw new AppError('conflict', SALE_NOT_UNDER_REVIEW)
  if (sale.createdBy === ctx.actor.userId) throw new AppError('forbidden', OWN_SALE_REVIEW)
  if (sale.seq !== seen.seenSeq) throw new AppError('conflict', seen.changedMessage)
  return sale
}

/**
 * Stores the review's outcome with a new seq (which brings the sale to every device), its
 * activity and the mail to the sale's SELLER, in one transaction.
 */
export function writeReview(
  ctx: ServiceContext,
  sale: NotifiedSale,
  outcome: { status: ReviewStatus; reason: string | null; action: string },
) {
  const now = Date.now()
  return ctx.db.transaction((tx) => {
    const reviewed = tx
      .update(sales)
      .set({
        reviewStatus: outcome.status,
        reviewReason: outcome.reason,
        reviewedBy: ctx.actor.userId,
        reviewedAt: now,
        seq: takeNextSeq(tx),
        updatedAt: now,
      })
      .where(eq(sales.id, sale.id))
      .returning()
      .get()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'sale',
      action: outcome.action,
      target: `${sale.clientName} (${sale.propertyNumber})`,
      metadata: outcome.reason ? { saleId: sale.id, reason: outcome.reason } : { saleId: sale.id },
    })
    notifyReview(
      tx,
      sale,
      outcome.status === 'rejected'
        ? { kind: 'sale-rejected', reason: outcome.reason ?? '' }
        : { kind: 'sale-approved' },
    )
    return reviewed
  })
}
