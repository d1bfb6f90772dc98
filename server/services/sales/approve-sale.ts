import { eq } from 'drizzle-orm'
import { sales } from '#schema/db/organisation'
import {
  OWN_SALE_REVIEW,
  SALE_CHANGED_SINCE_SEEN,
  SALE_NOT_UNDER_REVIEW,
} from '#schema/sale-review'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../http/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findLiveSale } from './find-live-row.ts'
import { requireStandingSale } from './sale-lines.ts'

/**
 * "Goedkeuren": a sale under review counts and can be paid from now on. Only a sale
 * "Ter beoordeling" (a sale sent back waits for its SELLER's correction first), never by
 * its own author, nor, when the approver names the version they saw (`seenSeq`), a sale
 * changed since. The sale's new seq brings it to every device; the activity feed keeps it.
 */
export function approveSale(ctx: ServiceContext, id: string, seenSeq?: number) {
  requirePermission(ctx.actor, 'sales.approve')
  const sale = findLiveSale(ctx, id)
  requireStandingSale(sale)
  if (sale.reviewStatus !== 'pending') throw new AppError('conflict', SALE_NOT_UNDER_REVIEW)
  if (sale.createdBy === ctx.actor.userId) throw new AppError('forbidden', OWN_SALE_REVIEW)
  if (seenSeq !== undefined && seenSeq !== sale.seq) {
    throw new AppError('conflict', SALE_CHANGED_SINCE_SEEN)
  }
  const now = Date.now()
  return ctx.db.transaction((tx) => {
    const approved = tx
      .update(sales)
      .set({
        reviewStatus: null,
        reviewReason: null,
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
      action: 'Verkoop goedgekeurd',
      target: `${sale.clientName} (${sale.propertyNumber})`,
      metadata: { saleId: id },
    })
    return approved
  })
}
