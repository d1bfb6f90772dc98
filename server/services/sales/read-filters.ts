import { sql } from 'drizzle-orm'
import { commissionPayments, commissions, sales } from '#schema/db/organisation'
import { seesAllSales } from '#schema/sales-visibility'
import type { ServiceContext } from '../../context.ts'

// A SELLER sees only the sales in which they hold (or held) a commission line, and only
// their own lines; ADMIN and MANAGER (sales.read.all) see everything. Part of the WHERE,
// before LIMIT. A line removed by a correction still counts: the seller's device then
// receives the sale as a tombstone and the tombstone of their line, instead of keeping
// the old figures for ever.

const NOTHING = sql`0`

/** Sales the actor may read. */
export function salesReadFilter(ctx: ServiceContext) {
  if (seesAllSales(ctx.actor.permissions)) return undefined
  if (!ctx.actor.sellerId) return NOTHING
  return sql`exists (select 1 from ${commissions} where ${commissions.saleId} = ${sales.id} and ${commissions.sellerId} = ${ctx.actor.sellerId})`
}

/**
 * Sales the actor's lists show: a SELLER's only while they hold a live line in it. A sale
 * they were taken off reaches their device as a tombstone without its customer
 * (server/replication/collections/sales.ts), so REST does not show it either.
 */
export function listedSalesFilter(ctx: ServiceContext) {
  if (seesAllSales(ctx.actor.permissions)) return undefined
  if (!ctx.actor.sellerId) return NOTHING
  return sql`exists (select 1 from ${commissions} where ${commissions.saleId} = ${sales.id} and ${commissions.sellerId} = ${ctx.actor.sellerId} and ${commissions.deleted} = 0)`
}

/**
 * Commission lines the actor may read: a SELLER's own, and every line of a sale they
 * registered while it is under review or sent back (they wrote that split, and answer a
 * rejection by correcting it). Once approved, they see their own lines again.
 */
export function commissionsReadFilter(ctx: ServiceContext) {
  if (seesAllSales(ctx.actor.permissions)) return undefined
  if (!ctx.actor.sellerId) return NOTHING
  return sql`(${commissions.sellerId} = ${ctx.actor.sellerId} or ${commissions.saleId} in (select ${sales.id} from ${sales} where ${sales.createdBy} = ${ctx.actor.userId} and ${sales.reviewStatus} is not null))`
}

/** Payment parts the actor may read: a SELLER's own lines' parts. */
export function commissionPaymentsReadFilter(ctx: ServiceContext) {
  if (seesAllSales(ctx.actor.permissions)) return undefined
  if (!ctx.actor.sellerId) return NOTHING
  return sql`${commissionPayments.sellerId} = ${ctx.actor.sellerId}`
}
