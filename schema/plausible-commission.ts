import { SALE_PERCENTAGE_RANGE } from './parse-percentage.ts'

// Before issue 45 the wizard's number field dropped a Dutch comma, so '2,5' was stored as
// 25 %. A sales organisation sets which commission percentage is still plausible; the
// sales above it are listed on the dashboard for the sales ADMIN to correct.

/** The commission percentage above which a sale is listed to be checked, unless set. */
export const DEFAULT_PLAUSIBLE_COMMISSION_PERCENTAGE = 10

/** The bounds of the setting: above 0 (0 would list every sale) up to 100. */
export const PLAUSIBLE_COMMISSION_RANGE = { min: 0.0001, max: SALE_PERCENTAGE_RANGE.max }

/** The sales whose commission percentage lies above `bound`, cancelled ones left out. */
export function findImplausibleSales<Sale extends ImplausibleCandidate>(
  sales: readonly Sale[],
  bound: number,
): Sale[] {
  return sales.filter((sale) => sale.status !== 'cancelled' && sale.commissionPercentage > bound)
}

type ImplausibleCandidate = { status: string; commissionPercentage: number }
