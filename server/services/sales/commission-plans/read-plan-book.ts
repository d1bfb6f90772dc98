import { seesAllSales } from '#schema/sales-visibility'
import type { ServiceContext } from '../../../context.ts'
import { requirePermission } from '../../permissions/require-permission.ts'
import { loadPlanBook } from './plan-book.ts'

// The plan book as the screens read it while the devices do not hold plans yet: the
// seller's placement history and a project's rate history come from here (decision 039).

/**
 * GET …/commission-plans/book: every version, placement and project rate for whoever sees
 * every sale; a SELLER gets their own placements, the versions of the plans they are (or
 * were) on, and the project rates (a project's percentage is on every sale of it anyway),
 * without the plans they are not on.
 */
export function readPlanBook(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'sales.register')
  const book = loadPlanBook(ctx.db)
  if (seesAllSales(ctx.actor.permissions)) return book
  const placements = book.placements.filter(
    (placement) => placement.sellerId === ctx.actor.sellerId,
  )
  const own = new Set(placements.map((placement) => placement.planId))
  return {
    versions: book.versions.filter((version) => own.has(version.planId)),
    placements,
    projectRates: book.projectRates
      .map((rate) => ({
        ...rate,
        planId: rate.planId !== null && own.has(rate.planId) ? rate.planId : null,
      }))
      .filter((rate) => rate.planId !== null || rate.commissionPercentage !== null),
  }
}
