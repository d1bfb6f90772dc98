import { sql } from 'drizzle-orm'
import { commissionPayments, commissions, sales } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'

// A SELLER sees only the sales in which they hold (or held) a commission line, and only
// their own lines; ADMIN and MANAGER (sales.read.all) see everything. Part of the WHERE,
// before LIMIT. A line removed by a correction still counts: the seller's device then
// receives the corrected sale and the tombstone of their line, instead of keeping the
// old figures for ever.

const NOTHING = sql`0`

/** Sales the actor may read. */
export function salesReadFilter(ctx: ServiceContext) {
  if (ctx.actor.permissions.has('sales.read.all')) return undefined
  if (!ctx.actor.sellerId) return NOTHING
  return sql`exists (select 1 from ${commissions} where ${commissions.saleId} = ${sales.id} and ${commissions.sellerId} = ${ctx.actor.sellerId})`
}

/** Commission lines the actor may read. */
export function commissionsReadFilter(ctx: ServiceContext) {
  if (ctx.actor.permissions.has('sales.read.all')) return undefined
  if (!ctx.actor.sellerId) return NOTHING
  return sql`${commissions.sellerId} = ${ctx.actor.sellerId}`
}

/** Payment parts the actor may read: a SELLER's own lines' parts. */
export function commissionPaymentsReadFilter(ctx: ServiceContext) {
  if (ctx.actor.permissions.has('sales.read.all')) return undefined
  if (!ctx.actor.sellerId) return NOTHING
  return sql`${commissionPayments.sellerId} = ${ctx.actor.sellerId}`
}
