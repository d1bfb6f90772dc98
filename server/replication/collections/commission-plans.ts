import { eq, sql } from 'drizzle-orm'
import {
  commissionPlans,
  commissionPlanVersions,
  projectRates,
  sellerPlacements,
} from '#schema/db/organisation'
import type {
  CommissionPlanDocument,
  PlanPlacementDocument,
  PlanVersionDocument,
  ProjectRateDocument,
} from '#schema/rx/commission-plans'
import { seesAllSales } from '#schema/sales-visibility'
import type { Actor, ServiceContext } from '#server/context'
import { toPlanVersion } from '#server/services/sales/commission-plans/plan-book'
import { visiblePlansFilter } from '#server/services/sales/commission-plans/plan-visibility'
import { defineTableCollection } from '../define-table-collection.ts'

// Commission plans on devices (decision 040): plans, their versions, who is on which plan
// and the projects' own rates replicate like projects, read-only (the sales ADMIN writes
// them through REST). Whoever sees every sale receives all of them. A SELLER receives the
// plans they are or were placed on and the plans projects are placed on (a project's plan
// is the project's terms, as its percentage is), every project rate, and their own
// placements only: never who else is on which plan. The REST list follows the same rule
// (plan-visibility.ts).

const NOTHING = sql`0`

function readsOwnShare(actor: Actor) {
  return !seesAllSales(actor.permissions)
}

function ownPlansFilter(column: typeof commissionPlans.id | typeof commissionPlanVersions.planId) {
  return (ctx: ServiceContext) => visiblePlansFilter(ctx.actor, column)
}

export const commissionPlansCollection = defineTableCollection({
  name: 'commissionPlans',
  area: 'sales',
  table: commissionPlans,
  readPermission: 'sales.register',
  isPersonal: readsOwnShare,
  readFilter: ownPlansFilter(commissionPlans.id),
  toDocument: (row: typeof commissionPlans.$inferSelect): CommissionPlanDocument => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    seq: row.seq,
  }),
})

export const commissionPlanVersionsCollection = defineTableCollection({
  name: 'commissionPlanVersions',
  area: 'sales',
  table: commissionPlanVersions,
  readPermission: 'sales.register',
  isPersonal: readsOwnShare,
  readFilter: ownPlansFilter(commissionPlanVersions.planId),
  // The terms as the arithmetic reads them (plan-book.ts), with the replication's fields.
  toDocument: (row: typeof commissionPlanVersions.$inferSelect): PlanVersionDocument => ({
    ...toPlanVersion(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    seq: row.seq,
  }),
})

export const planPlacementsCollection = defineTableCollection({
  name: 'planPlacements',
  area: 'sales',
  table: sellerPlacements,
  readPermission: 'sales.register',
  isPersonal: readsOwnShare,
  readFilter: (ctx) => {
    if (seesAllSales(ctx.actor.permissions)) return undefined
    if (!ctx.actor.sellerId) return NOTHING
    return eq(sellerPlacements.sellerId, ctx.actor.sellerId)
  },
  toDocument: (row: typeof sellerPlacements.$inferSelect): PlanPlacementDocument => ({
    id: row.id,
    sellerId: row.sellerId,
    planId: row.planId,
    from: row.effectiveFrom,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    seq: row.seq,
  }),
})

export const projectRatesCollection = defineTableCollection({
  name: 'projectRates',
  area: 'sales',
  table: projectRates,
  readPermission: 'sales.register',
  toDocument: (row: typeof projectRates.$inferSelect): ProjectRateDocument => ({
    id: row.id,
    projectId: row.projectId,
    from: row.effectiveFrom,
    commissionPercentage: row.commissionPercentage,
    planId: row.planId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    seq: row.seq,
  }),
})
