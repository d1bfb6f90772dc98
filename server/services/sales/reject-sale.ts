import { SALE_CHANGED_BEFORE_REJECT } from '#schema/sale-review'
import type { ServiceContext } from '../../context.ts'
import { findSaleToReview, writeReview } from './write-review.ts'

/**
 * "Afwijzen": a sale under review goes back to its SELLER with the reason; it still
 * neither counts nor can be paid, and their correction puts it back under review. As for
 * an approval, a sale changed since the version the approver saw (`seenSeq`) is refused.
 */
export function rejectSale(ctx: ServiceContext, id: string, reason: string, seenSeq: number) {
  const sale = findSaleToReview(ctx, id, { seenSeq, changedMessage: SALE_CHANGED_BEFORE_REJECT })
  return writeReview(ctx, sale, { status: 'rejected', reason, action: 'Verkoop afgewezen' })
}
