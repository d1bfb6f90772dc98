import { and, asc, eq } from 'drizzle-orm'
import { commissions } from '#schema/db/organisation'
import { computeOfficeShare } from '#schema/office-share'
import { seesAllSales } from '#schema/sales-visibility'
import type { ServiceContext } from '../../../context.ts'
import { AppError } from '../../../errors/app-error.ts'
import { requirePermission } from '../../permissions/require-permission.ts'
import { findLiveSale } from '../find-live-row.ts'
import { commissionsReadFilter, listedSalesFilter } from '../read-filters.ts'
import { toSaleView } from '../sale-view.ts'
import { toPlanLineDocument } from '../to-sales-documents.ts'

/**
 * GET …/sales/:id: one sale with the lines its reader may see, each saying which plan
 * version and tier made it, the adjustments a tier crossing made among them; and, for
 * whoever sees the whole sale, the office's own share: what the sales team's lines leave
 * of the net commission (decision 039). A SELLER's sale they are not on is a 404.
 */
export function readSaleDetail(ctx: ServiceContext, id: string) {
  requirePermission(ctx.actor, 'sales.register')
  const row = findLiveSale(ctx, id)
  const listed = listedSalesFilter(ctx)
  if (listed) {
    const own = ctx.db
      .select({ id: commissions.id })
      .from(commissions)
      .where(
        and(
          eq(commissions.saleId, id),
          eq(commissions.sellerId, ctx.actor.sellerId ?? ''),
          eq(commissions.deleted, false),
        ),
      )
      .get()
    if (!own) throw new AppError('not_found', 'Verkoop niet gevonden')
  }
  const lines = ctx.db
    .select()
    .from(commissions)
    .where(
      and(eq(commissions.saleId, id), eq(commissions.deleted, false), commissionsReadFilter(ctx)),
    )
    .orderBy(asc(commissions.createdAt), asc(commissions.id))
    .all()
  return {
    ...toSaleView(row, ctx),
    fromPlan: row.fromPlan,
    officeShare:
      seesAllSales(ctx.actor.permissions) && row.status !== 'cancelled'
        ? computeOfficeShare(row.commissionAmount, lines)
        : null,
    lines: lines.map(toPlanLineDocument),
  }
}
