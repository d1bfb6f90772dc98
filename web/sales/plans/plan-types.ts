import type { LocalSellerPosition } from '#schema/local-plans'
import type { useCommissionPlans } from '../data/use-commission-plans.ts'

// The plans as the screens take them, from the local database (decision 040).

/** A plan with its versions, oldest first. */
export type PlanSummary = NonNullable<ReturnType<typeof useCommissionPlans>>[number]

/** Where a seller stands today; null when they are on no plan. */
export type ShownPosition = LocalSellerPosition | null
