import { and, desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { ProjectRateSchema, SellerPlanSchema } from '#schema/commission-plans'
import { commissions, projectRates, sales, sellerPlacements } from '#schema/db/organisation'
import { formatDay } from '#schema/dutch-day'
import { periodOf } from '#schema/plan-arithmetic'
import type { ServiceContext } from '../../../context.ts'
import { newSyncedRow } from '../../../db/synced-row.ts'
import { appendActivity } from '../../activities/append-activity.ts'
import { requirePermission } from '../../permissions/require-permission.ts'
import { findLiveProject, findLiveSeller } from '../find-live-row.ts'
import { reconcilePlanLines } from './reconcile-plans.ts'
import { resendPlan } from './resend-plan.ts'
import { findLivePlan, hasPaidPlanLines, invalid, PAID_IN_PERIOD } from './save-plan.ts'

// Who is on which plan from when, and a project's own rate (decision 039). Each is a row
// from a date; the history stays. A date before the latest row's is refused (it would
// rewrite what followed), as is one dated back into a year whose plan lines were paid.

/** The years from `from` to today's, as dates a reconciliation takes. */
function yearsSince(from: string) {
  const last = new Date().getUTCFullYear()
  const dates: string[] = []
  for (let year = Number(from.slice(0, 4)); year <= last; year += 1) dates.push(`${year}-01-01`)
  return dates
}

function requirePlanField(ctx: ServiceContext, planId: string) {
  try {
    return findLivePlan(ctx, planId)
  } catch {
    invalid('planId', 'Dit commissieplan bestaat niet in deze organisatie')
  }
}

/** PUT …/sellers/:id/plan: the seller is on this plan from `from`. */
export function placeSeller(
  ctx: ServiceContext,
  sellerId: string,
  input: z.infer<typeof SellerPlanSchema>,
) {
  requirePermission(ctx.actor, 'sales.settings.write')
  const seller = findLiveSeller(ctx, sellerId)
  const plan = requirePlanField(ctx, input.planId)
  return ctx.db.transaction((tx) => {
    const latest = tx
      .select()
      .from(sellerPlacements)
      .where(and(eq(sellerPlacements.sellerId, sellerId), eq(sellerPlacements.deleted, false)))
      .orderBy(desc(sellerPlacements.effectiveFrom))
      .limit(1)
      .get()
    if (latest && input.from <= latest.effectiveFrom) {
      invalid(
        'from',
        `Een nieuw plan moet ingaan na ${formatDay(latest.effectiveFrom)}, de vorige plaatsing`,
      )
    }
    if (hasPaidPlanLines(tx, periodOf(input.from, 'year').start, { sellerId })) {
      invalid('from', PAID_IN_PERIOD)
    }
    const placement = tx
      .insert(sellerPlacements)
      .values({
        ...newSyncedRow(tx, ctx.actor.organisationId),
        sellerId,
        planId: plan.id,
        effectiveFrom: input.from,
        createdBy: ctx.actor.userId,
      })
      .returning()
      .get()
    // The seller's device may not have received this plan yet (decision 040).
    resendPlan(tx, plan.id)
    reconcilePlanLines(ctx, tx, {
      sellerIds: [sellerId],
      dates: yearsSince(input.from),
      cause: `${seller.name} op ${plan.name} vanaf ${input.from}`,
    })
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'settings',
      action: 'Verkoper op commissieplan gezet',
      target: `${seller.name}: ${plan.name} vanaf ${input.from}`,
      metadata: { sellerId, planId: plan.id, from: input.from },
    })
    return { id: placement.id, sellerId, planId: plan.id, from: placement.effectiveFrom }
  })
}

/** PUT …/projects/:id/rate: the project's own percentage and/or plan from `from`. */
export function setProjectRate(
  ctx: ServiceContext,
  projectId: string,
  input: z.infer<typeof ProjectRateSchema>,
) {
  requirePermission(ctx.actor, 'sales.settings.write')
  const project = findLiveProject(ctx, projectId)
  if (input.planId) requirePlanField(ctx, input.planId)
  return ctx.db.transaction((tx) => {
    const latest = tx
      .select()
      .from(projectRates)
      .where(and(eq(projectRates.projectId, projectId), eq(projectRates.deleted, false)))
      .orderBy(desc(projectRates.effectiveFrom))
      .limit(1)
      .get()
    if (latest && input.from <= latest.effectiveFrom) {
      invalid(
        'from',
        `Een nieuw tarief moet ingaan na ${formatDay(latest.effectiveFrom)}, het vorige`,
      )
    }
    if (hasPaidPlanLines(tx, periodOf(input.from, 'year').start, { projectId })) {
      invalid('from', PAID_IN_PERIOD)
    }
    const rate = tx
      .insert(projectRates)
      .values({
        ...newSyncedRow(tx, ctx.actor.organisationId),
        projectId,
        effectiveFrom: input.from,
        commissionPercentage: input.commissionPercentage,
        planId: input.planId,
        createdBy: ctx.actor.userId,
      })
      .returning()
      .get()
    // Every SELLER's device receives a project's plan (decision 040).
    if (rate.planId) resendPlan(tx, rate.planId)
    // A percentage holds for sales registered from now on (a stored sale's net stays); a
    // plan changes what the project's plan sales since `from` earn.
    const affected = tx
      .selectDistinct({ sellerId: commissions.sellerId })
      .from(commissions)
      .innerJoin(sales, eq(sales.id, commissions.saleId))
      .where(and(eq(sales.projectId, projectId), sql`${sales.saleDate} >= ${input.from}`))
      .all()
    reconcilePlanLines(ctx, tx, {
      sellerIds: affected.map((row) => row.sellerId),
      dates: yearsSince(input.from),
      cause: `tarief van ${project.name} vanaf ${input.from}`,
    })
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'settings',
      action: 'Projecttarief ingesteld',
      target: project.name,
      metadata: { projectId, ...input },
    })
    return {
      id: rate.id,
      projectId,
      from: rate.effectiveFrom,
      commissionPercentage: rate.commissionPercentage,
      planId: rate.planId,
    }
  })
}
