import { SALE_CHANGED_SINCE_SEEN } from '#schema/sale-review'
import type { ServiceContext } from '../../context.ts'
import { findSaleToReview, writeReview } from './write-review.ts'

/**
 * "Goedkeuren": a sale under review counts and can be paid from now on. The approver names
 * the version they saw (`seenSeq`): a sale changed since is refused, so a split its SELLER
 * rewrote meanwhile is never approved unseen.
 */
export function approveSale(ctx: ServiceContext, id: string, seenSeq: number) {
  const sale = findSaleToReview(ctx, id, { seenSeq, changedMessage: SALE_CHANGED_SINCE_SEEN })
  return writeReview(ctx, sale, { status: null, reason: null, action: 'Verkoop goedgekeurd' })
}
