import { and, between, eq, gte, inArray, lt, ne } from 'drizzle-orm'
import { commissionPayments, commissions } from '#schema/db/organisation'
import type { StatementPeriod } from '#schema/statements'
import { getPeriodBounds } from './period-bounds.ts'

// What a statement holds, said once for the queries that list it, count it and find who
// has one.

/** A live payment part paid in the period (commission_payments). */
export function isPaymentInPeriod(period: StatementPeriod) {
  return and(
    eq(commissionPayments.deleted, false),
    between(commissionPayments.paidOn, period.dateFrom, period.dateTo),
  )
}

/** A correction or clawback created in the period, not cancelled and not paid off (commissions). */
export function isOpenLineInPeriod(period: StatementPeriod) {
  const { from, to } = getPeriodBounds(period)
  return and(
    eq(commissions.deleted, false),
    inArray(commissions.kind, ['adjustment', 'clawback']),
    ne(commissions.status, 'cancelled'),
    ne(commissions.commissionAmount, commissions.paidAmount),
    gte(commissions.createdAt, from),
    lt(commissions.createdAt, to),
  )
}
