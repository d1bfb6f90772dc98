import type { ServiceContext } from '../../context.ts'
import { findSaleToReview, writeReview } from './write-review.ts'

/**
 * "Afwijzen": a sale under review goes back to its SELLER with the reason; it still
 * neither counts nor can be paid, and their correction puts it back under review.
 */
export function rejectSale(ctx: ServiceContext, id: string, reason: string) {
  const sale = findSaleToReview(ctx, id)
  return writeReview(ctx, sale, { status: 'rejected', reason, action: 'Verkoop afgewezen' })
}
