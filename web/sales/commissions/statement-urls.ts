import type { DateRange } from '#schema/period-presets'

const query = (period: DateRange) =>
  new URLSearchParams({ dateFrom: period.dateFrom, dateTo: period.dateTo }).toString()

/** GET one seller's payout statement (PDF) for a period. */
export function getStatementUrl(sellerId: string, period: DateRange) {
  return `/api/gold-estates/statements/${encodeURIComponent(sellerId)}?${query(period)}`
}

/** GET every seller's payout statement for a period (zip). */
export function getAllStatementsUrl(period: DateRange) {
  return `/api/gold-estates/statements?${query(period)}`
}
