import { and, eq, ne, sum } from 'drizzle-orm'
import { commissions, type sales } from '#schema/db/organisation'
import type { SaleDocument } from '#schema/sales'
import { seesAllSales } from '#schema/sales-visibility'
import type { ServiceContext } from '../../context.ts'
import { toSaleDocument } from './to-sales-documents.ts'

/**
 * A sale as this actor may see it. Whoever reads all sales sees it whole. A SELLER sees
 * only their own share of it, as with its lines (read-filters.ts): their own entries of the
 * split, and as paid total what was paid on their own lines; never a colleague's
 * percentage or payments. Only the author of a sale under review sees its whole split.
 */
export function toSaleView(row: typeof sales.$inferSelect, ctx: ServiceContext): SaleDocument {
  const document = toSaleDocument(row)
  if (seesAllSales(ctx.actor.permissions)) return document
  // Their own split under review or sent back: they wrote it and may correct it whole.
  if (row.createdBy === ctx.actor.userId && row.reviewStatus !== null) return document
  const own = ctx.actor.sellerId ?? ''
  const paid = ctx.db
    .select({ total: sum(commissions.paidAmount).mapWith(Number) })
    .from(commissions)
    .where(
      and(
        eq(commissions.saleId, row.id),
        eq(commissions.sellerId, own),
        eq(commissions.deleted, false),
        ne(commissions.kind, 'clawback'),
      ),
    )
    .get()
  return {
    ...document,
    splits: document.splits?.filter((split) => split.sellerId === own) ?? null,
    paidTotal: paid?.total ?? 0,
  }
}
