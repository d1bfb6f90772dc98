import type { RxCollection, RxJsonSchema } from 'rxdb'
import { type ActivityDocType, activitySchema } from '#schema/rx/activities'
import { type AppConnectionDocType, appConnectionSchema } from '#schema/rx/app-connections'
import {
  type CommissionPaymentDocType,
  commissionPaymentSchema,
} from '#schema/rx/commission-payments'
import {
  type CommissionPlanDocument,
  commissionPlanSchema,
  type PlanPlacementDocument,
  type PlanVersionDocument,
  type ProjectRateDocument,
  planPlacementSchema,
  planVersionSchema,
  projectRateSchema,
} from '#schema/rx/commission-plans'
import { type ProjectDocType, projectSchema } from '#schema/rx/projects'
import { type SaleDocType, saleSchema } from '#schema/rx/sales'
import { type SellerDocType, sellerSchema } from '#schema/rx/sellers'
import { type UserDocType, userSchema } from '#schema/rx/users'

/**
 * A replicated collection as the browser knows it. RxDB collection names allow only
 * lower case, so the local name may differ from the protocol's name.
 */
export type ClientCollection = {
  /** Name of the RxDB collection. */
  local: string
  /** Name in /api/sync/v1/:collection. */
  remote: string
  // biome-ignore lint/suspicious/noExplicitAny: schemas of different document types
  schema: RxJsonSchema<any>
  /** The server writes it alone (activities): pull only. */
  isReadOnly?: boolean
  /** The field that names a document in messages about it. */
  labelField?: string
}

/** Every collection of the central area, in the order they are opened. */
export const CENTRAL_COLLECTIONS = [
  { local: 'users', remote: 'users', schema: userSchema, labelField: 'name' },
  {
    local: 'app_connections',
    remote: 'appConnections',
    schema: appConnectionSchema,
    labelField: 'name',
  },
  { local: 'activities', remote: 'activities', schema: activitySchema, isReadOnly: true },
] as const satisfies readonly ClientCollection[]

/** The collections of a central local database, typed. */
export type CentralCollections = {
  users: RxCollection<UserDocType>
  app_connections: RxCollection<AppConnectionDocType>
  activities: RxCollection<ActivityDocType>
}

/**
 * Every collection of the sales area (Gold Estates), replicated with the sales session.
 * Commission lines travel inside their sale (decision 013).
 */
export const SALES_COLLECTIONS = [
  { local: 'projects', remote: 'projects', schema: projectSchema, labelField: 'name' },
  { local: 'sellers', remote: 'sellers', schema: sellerSchema, labelField: 'name' },
  { local: 'sales', remote: 'sales', schema: saleSchema, labelField: 'clientName' },
  { local: 'commission_payments', remote: 'commissionPayments', schema: commissionPaymentSchema },
  // Read-only copies for the wizard's proposal and a seller's position (decision 040).
  {
    local: 'commission_plans',
    remote: 'commissionPlans',
    schema: commissionPlanSchema,
    isReadOnly: true,
    labelField: 'name',
  },
  {
    local: 'plan_versions',
    remote: 'commissionPlanVersions',
    schema: planVersionSchema,
    isReadOnly: true,
  },
  {
    local: 'plan_placements',
    remote: 'planPlacements',
    schema: planPlacementSchema,
    isReadOnly: true,
  },
  { local: 'project_rates', remote: 'projectRates', schema: projectRateSchema, isReadOnly: true },
] as const satisfies readonly ClientCollection[]

/**
 * Collections an older version of the app kept in a sales local database: their files are
 * removed when the database opens. Commission lines now travel inside their sale; the only
 * write the old collection could hold unsent, marking a line of 0, was rare enough to let go.
 */
export const RETIRED_SALES_COLLECTIONS = ['commissions'] as const

/** The collections of a sales local database, typed. */
export type SalesCollections = {
  projects: RxCollection<ProjectDocType>
  sellers: RxCollection<SellerDocType>
  sales: RxCollection<SaleDocType>
  commission_payments: RxCollection<CommissionPaymentDocType>
  commission_plans: RxCollection<CommissionPlanDocument>
  plan_versions: RxCollection<PlanVersionDocument>
  plan_placements: RxCollection<PlanPlacementDocument>
  project_rates: RxCollection<ProjectRateDocument>
}
