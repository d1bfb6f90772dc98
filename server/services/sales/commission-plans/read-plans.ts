import { format } from 'date-fns/format'
import { sql } from 'drizzle-orm'
import { commissionPlans, commissions, sales } from '#schema/db/organisation'
import {
  describeNextTier,
  describePosition,
  findEffective,
  findPlanRole,
  periodOf,
} from '#schema/plan-arithmetic'
import { findPlanVersion } from '#schema/plan-resolution'
import { maySeeSeller } from '#schema/sales-visibility'
import type { ServiceContext } from '../../../context.ts'
import { AppError } from '../../../errors/app-error.ts'
import { requirePermission } from '../../permissions/require-permission.ts'
import { findLiveSeller } from '../find-live-row.ts'
import { loadPlanBook, loadPlanViews } from './plan-book.ts'
import { visiblePlansFilter } from './plan-visibility.ts'

// Reading plans and a seller's position (decision 039). Whoever sees every sale reads
// every plan; a SELLER the plans they are (or were) on and the projects' plans, and their
// own position only.

/**
 * GET …/commission-plans: the plans the reader may see, as their device receives them
 * (plan-visibility.ts): every plan, or a SELLER's own and the projects' plans.
 */
export function listPlans(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'sales.register')
  const filter = visiblePlansFilter(ctx.actor, commissionPlans.id)
  if (!filter) return loadPlanViews(ctx.db)
  const visible = ctx.db
    .select({ id: commissionPlans.id })
    .from(commissionPlans)
    .where(filter)
    .all()
  return loadPlanViews(ctx.db, new Set(visible.map((plan) => plan.id)))
}

/** The volume of a seller's standing sales in a period, on whose sales team they are. */
export function findSellerVolume(
  ctx: Pick<ServiceContext, 'db'>,
  sellerId: string,
  period: { start: string; end: string },
) {
  const row = ctx.db.get<{ volume: number }>(
    sql`select coalesce(sum(${sales.salePrice}), 0) as volume from ${sales} where ${sales.deleted} = 0 and ${sales.status} != 'cancelled' and ${sales.saleDate} between ${period.start} and ${period.end} and exists (select 1 from ${commissions} where ${commissions.saleId} = ${sales.id} and ${commissions.sellerId} = ${sellerId} and ${commissions.deleted} = 0 and ${commissions.kind} = 'commission' and ${commissions.commissionType} = 'sales' and ${commissions.status} != 'cancelled')`,
  )
  return row.volume
}

/**
 * GET …/sellers/:id/position: the seller's plan on `date` (today by default), their volume
 * in its period, the share they are at and what is left to the next tier. For `role`, or
 * the seller's own role when the plan knows it, else the plan's first role. A SELLER asking
 * for another seller's gets the same 404 as for a seller who does not exist.
 */
export function readSellerPosition(
  ctx: ServiceContext,
  sellerId: string,
  query: { date?: string; role?: string },
) {
  requirePermission(ctx.actor, 'sales.register')
  if (!maySeeSeller(ctx.actor, sellerId)) throw new AppError('not_found', 'Verkoper niet gevonden')
  const seller = findLiveSeller(ctx, sellerId)
  const date = query.date ?? format(new Date(), 'yyyy-MM-dd')
  const book = loadPlanBook(ctx.db)
  const placement = findEffective(
    book.placements.filter((item) => item.sellerId === sellerId),
    date,
  )
  const version = placement ? findPlanVersion(book, placement.planId, date) : null
  const plan = version ? loadPlanViews(ctx.db, new Set([version.planId]))[0] : undefined
  if (!version || !plan) {
    const period = periodOf(date, 'year')
    return {
      sellerId,
      planId: null,
      planName: null,
      versionId: null,
      role: null,
      periodStart: period.start,
      periodEnd: period.end,
      volume: findSellerVolume(ctx, sellerId, period),
      share: null,
      tier: null,
      nextThreshold: null,
      nextShare: null,
      nextTierText: null,
    }
  }
  const role =
    findPlanRole(version, query.role ?? seller.role) ??
    (query.role ? null : (version.roles[0] ?? null))
  if (!role) {
    throw new AppError('invalid_input', `role: Rol ${query.role} staat niet in ${plan.name}`, {
      errors: [{ path: 'role', message: `Rol ${query.role} staat niet in ${plan.name}` }],
    })
  }
  const period = periodOf(date, version.period)
  const position = describePosition(version, role, date, findSellerVolume(ctx, sellerId, period))
  return {
    sellerId,
    planId: plan.id,
    planName: plan.name,
    versionId: version.id,
    mode: version.mode,
    role: role.role,
    ...position,
    nextTierText: describeNextTier(position),
  }
}
