import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { PlanCreateSchema, PlanTerms, PlanUpdateSchema } from '#schema/commission-plans'
import {
  commissionPlans,
  commissionPlanVersions,
  commissions,
  sales,
} from '#schema/db/organisation'
import { formatDay } from '#schema/dutch-day'
import { periodOf } from '#schema/plan-arithmetic'
import type { ServiceContext } from '../../../context.ts'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { requireLiveRow } from '../../../db/require-live-row.ts'
import { changedSyncedRow, newSyncedRow } from '../../../db/synced-row.ts'
import { AppError } from '../../../errors/app-error.ts'
import { appendActivity } from '../../activities/append-activity.ts'
import { requirePermission } from '../../permissions/require-permission.ts'
import { loadPlanViews } from './plan-book.ts'
import { reconcilePlanLines } from './reconcile-plans.ts'

// Writing commission plans (sales.settings.write: the sales ADMIN; decision 039). A plan's
// terms are never rewritten: a change is a new version from a later date.

type Tx = Pick<OrganisationDb, 'select' | 'insert' | 'update' | 'get'>

export function invalid(path: string, message: string): never {
  throw new AppError('invalid_input', `${path}: ${message}`, { errors: [{ path, message }] })
}

/** The plan with this id; 404 when missing (another organisation's plan is not in this file). */
export function findLivePlan(ctx: Pick<ServiceContext, 'db'>, id: string) {
  return requireLiveRow(ctx.db, commissionPlans, id, 'Commissieplan niet gevonden')
}

/** Refused: a change dated back into a period whose plan lines have been paid. */
export const PAID_IN_PERIOD =
  'In deze periode zijn al commissies uit dit plan betaald; laat de wijziging ingaan in een latere periode'

/**
 * Whether any plan line on a sale dated on or after `fromDate` was paid (in part), among
 * the lines `scope` picks: of these versions, of this seller, of this project's sales.
 */
export function hasPaidPlanLines(
  tx: Pick<OrganisationDb, 'select'>,
  fromDate: string,
  scope: { versionIds?: string[]; sellerId?: string; projectId?: string },
) {
  const found = tx
    .select({ id: commissions.id })
    .from(commissions)
    .innerJoin(sales, eq(sales.id, commissions.saleId))
    .where(
      and(
        eq(commissions.deleted, false),
        ne(commissions.paidAmount, 0),
        sql`${commissions.planVersionId} is not null`,
        sql`${sales.saleDate} >= ${fromDate}`,
        scope.versionIds ? inArray(commissions.planVersionId, scope.versionIds) : undefined,
        scope.sellerId ? eq(commissions.sellerId, scope.sellerId) : undefined,
        scope.projectId ? eq(sales.projectId, scope.projectId) : undefined,
      ),
    )
    .limit(1)
    .get()
  return found !== undefined
}

function insertVersion(ctx: ServiceContext, tx: Tx, planId: string, terms: PlanTerms) {
  const { from, ...rest } = terms
  return tx
    .insert(commissionPlanVersions)
    .values({
      ...newSyncedRow(tx, ctx.actor.organisationId),
      ...rest,
      planId,
      effectiveFrom: from,
      createdBy: ctx.actor.userId,
    })
    .returning()
    .get()
}

/** POST …/commission-plans: a plan and its first version. */
export function createPlan(ctx: ServiceContext, input: z.infer<typeof PlanCreateSchema>) {
  requirePermission(ctx.actor, 'sales.settings.write')
  const { name, ...terms } = input
  return ctx.db.transaction((tx) => {
    const plan = tx
      .insert(commissionPlans)
      .values({ ...newSyncedRow(tx, ctx.actor.organisationId), name, createdBy: ctx.actor.userId })
      .returning()
      .get()
    insertVersion(ctx, tx, plan.id, terms)
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'settings',
      action: 'Commissieplan aangemaakt',
      target: name,
      metadata: { planId: plan.id, from: terms.from },
    })
    return loadPlanViews(tx, new Set([plan.id]))[0]
  })
}

/**
 * PATCH …/commission-plans/:id: a new name, and/or a new version from a date after the
 * latest one's. A version dated back into a period whose plan lines were paid is refused;
 * otherwise the sales it now covers get adjustment lines for the difference.
 */
export function updatePlan(
  ctx: ServiceContext,
  id: string,
  input: z.infer<typeof PlanUpdateSchema>,
) {
  requirePermission(ctx.actor, 'sales.settings.write')
  const plan = findLivePlan(ctx, id)
  return ctx.db.transaction((tx) => {
    if (input.name !== undefined && input.name !== plan.name) {
      tx.update(commissionPlans)
        .set({ name: input.name, ...changedSyncedRow(tx) })
        .where(eq(commissionPlans.id, id))
        .run()
    }
    const terms = input.terms
    if (terms) {
      const versions = tx
        .select()
        .from(commissionPlanVersions)
        .where(eq(commissionPlanVersions.planId, id))
        .all()
      const latest = versions.reduce((max, version) =>
        version.effectiveFrom > max.effectiveFrom ? version : max,
      )
      if (terms.from <= latest.effectiveFrom) {
        invalid(
          'from',
          `Een nieuwe versie moet ingaan na ${formatDay(latest.effectiveFrom)}, de datum van de laatste versie`,
        )
      }
      const periodStart = periodOf(terms.from, terms.period).start
      const versionIds = versions.map((version) => version.id)
      if (hasPaidPlanLines(tx, periodStart, { versionIds })) invalid('from', PAID_IN_PERIOD)
      insertVersion(ctx, tx, id, terms)
      const affected = tx
        .selectDistinct({ sellerId: commissions.sellerId, saleDate: sales.saleDate })
        .from(commissions)
        .innerJoin(sales, eq(sales.id, commissions.saleId))
        .where(
          and(
            inArray(commissions.planVersionId, versionIds),
            sql`${sales.saleDate} >= ${terms.from}`,
          ),
        )
        .all()
      reconcilePlanLines(ctx, tx, {
        sellerIds: affected.map((row) => row.sellerId),
        dates: affected.map((row) => row.saleDate),
        cause: `nieuwe versie van ${input.name ?? plan.name} vanaf ${terms.from}`,
      })
    }
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'settings',
      action: 'Commissieplan gewijzigd',
      target: input.name ?? plan.name,
      metadata: { planId: id, ...(terms && { from: terms.from }) },
    })
    return loadPlanViews(tx, new Set([id]))[0]
  })
}
