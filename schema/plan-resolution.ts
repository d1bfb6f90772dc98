import type { PlanVersion } from './commission-plans.ts'
import { findEffective } from './plan-arithmetic.ts'

// Which plan and which commission percentage a sale is under (decision 039): the project's
// own rate and plan when it has one from a date on or before the sale date, else the
// seller's own plan on that date. Shared by the wizard's proposal and the server.

/** A project's own rate from a date: its percentage of the sale price and/or its plan. */
export type ProjectRate = {
  projectId: string
  from: string
  commissionPercentage: number | null
  planId: string | null
}

/** A seller on a plan from a date. */
export type Placement = { sellerId: string; planId: string; from: string }

/** Everything the choice reads. */
export type PlanBook = {
  versions: readonly PlanVersion[]
  placements: readonly Placement[]
  projectRates: readonly ProjectRate[]
}

/** The project's own commission percentage on a date, or null (the wizard's then stands). */
export function findProjectPercentage(
  book: Pick<PlanBook, 'projectRates'>,
  projectId: string,
  date: string,
): number | null {
  const rates = book.projectRates.filter(
    (rate) => rate.projectId === projectId && rate.commissionPercentage !== null,
  )
  return findEffective(rates, date)?.commissionPercentage ?? null
}

/** The version in force of one plan on a date. */
export function findPlanVersion(
  book: Pick<PlanBook, 'versions'>,
  planId: string,
  date: string,
): PlanVersion | null {
  return findEffective(
    book.versions.filter((version) => version.planId === planId),
    date,
  )
}

/**
 * The version a seller's share of a sale of the project on `date` follows: the project's
 * plan when it has one then, else the seller's own; null when neither is in force yet.
 */
export function choosePlanVersion(
  book: PlanBook,
  sale: { projectId: string; saleDate: string },
  sellerId: string,
): PlanVersion | null {
  const projectPlan = findEffective(
    book.projectRates.filter((rate) => rate.projectId === sale.projectId && rate.planId !== null),
    sale.saleDate,
  )
  const placement = findEffective(
    book.placements.filter((item) => item.sellerId === sellerId),
    sale.saleDate,
  )
  const planId = projectPlan?.planId ?? placement?.planId ?? null
  return planId ? findPlanVersion(book, planId, sale.saleDate) : null
}
