import { sql } from 'drizzle-orm'
import { commissionPayments, commissions, sales } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'

// A SELLER sees only the sales in which they hold a commission line, and only their own
// lines; ADMIN and MANAGER (sales.read.all) see everything. Part of the WHERE, before LIMIT.

const NOTHING = sql`0`

/** Sales the actor may read. */
export function salesReadFilter(ctx: ServiceContext) {
  if (ctx.actor.permissions.has('sales.read.all')) return undefined
  if (!ctx.actor.sellerId) return NOTHING
  return sql`exists (select 1 from ${commissions} where ${commissions.saleId} = ${sales.id} and ${commissions.sellerId} = ${ctx.actor.sellerId} and ${commissions.deleted} = 0)`
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
