import { eq } from 'drizzle-orm'
import type { PlanVersion } from '#schema/commission-plans'
import {
  commissionPlans,
  commissionPlanVersions,
  projectRates,
  sellerPlacements,
} from '#schema/db/organisation'
import type { PlanBook } from '#schema/plan-resolution'
import type { OrganisationDb } from '../../../db/organisation-db.ts'

type Reader = Pick<OrganisationDb, 'select'>

/** A stored version as the arithmetic reads it. */
export function toPlanVersion(row: typeof commissionPlanVersions.$inferSelect): PlanVersion {
  return {
    id: row.id,
    planId: row.planId,
    from: row.effectiveFrom,
    period: row.period,
    mode: row.mode,
    roles: row.roles,
    capPerPeriod: row.capPerPeriod,
    extras: row.extras,
  }
}

/**
 * Every plan version, placement and project rate of the organisation: a few rows per plan,
 * seller and project, read whole for each write that needs the arithmetic.
 */
export function loadPlanBook(db: Reader): PlanBook {
  return {
    versions: db
      .select()
      .from(commissionPlanVersions)
      .where(eq(commissionPlanVersions.deleted, false))
      .all()
      .map(toPlanVersion),
    placements: db
      .select()
      .from(sellerPlacements)
      .where(eq(sellerPlacements.deleted, false))
      .all()
      .map((row) => ({ sellerId: row.sellerId, planId: row.planId, from: row.effectiveFrom })),
    projectRates: db
      .select()
      .from(projectRates)
      .where(eq(projectRates.deleted, false))
      .all()
      .map((row) => ({
        projectId: row.projectId,
        from: row.effectiveFrom,
        commissionPercentage: row.commissionPercentage,
        planId: row.planId,
      })),
  }
}

/** A plan with its versions, oldest first, as the API answers it. */
export type PlanView = {
  id: string
  name: string
  createdAt: number
  updatedAt: number
  /** The latest version's terms, for a reader who wants the plan as it is now. */
  current: PlanVersion
  versions: PlanVersion[]
}

/** Every live plan with its versions, or only those `planIds` names. */
export function loadPlanViews(db: Reader, planIds?: ReadonlySet<string>): PlanView[] {
  const versions = loadPlanBook(db).versions
  return db
    .select()
    .from(commissionPlans)
    .where(eq(commissionPlans.deleted, false))
    .orderBy(commissionPlans.name)
    .all()
    .filter((plan) => !planIds || planIds.has(plan.id))
    .flatMap((plan) => {
      const own = versions
        .filter((version) => version.planId === plan.id)
        .sort((a, b) => (a.from < b.from ? -1 : 1))
      const current = own.at(-1)
      if (!current) return []
      return [
        {
          id: plan.id,
          name: plan.name,
          createdAt: plan.createdAt,
          updatedAt: plan.updatedAt,
          current,
          versions: own,
        },
      ]
    })
}
