import { addDays } from 'date-fns/addDays'
import { parseISO } from 'date-fns/parseISO'
import type { StatementPeriod } from '#schema/statements'

/**
 * A period of calendar days as epoch milliseconds [from, to), for columns that hold a moment
 * (createdAt). Days are the server's local days, as "today" is everywhere on the server.
 */
export function getPeriodBounds(period: StatementPeriod) {
  return {
    from: parseISO(period.dateFrom).getTime(),
    to: addDays(parseISO(period.dateTo), 1).getTime(),
  }
}
