import { and, asc, between, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm'
import { commissionPayments, commissions, salesSellers } from '#schema/db/organisation'
import type { StatementPeriod } from '#schema/statements'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { getPeriodBounds } from './period-bounds.ts'

/**
 * The live sellers who have something on a statement for the period: a payment part paid
 * in it, or a correction or clawback created in it that is still open. By name.
 */
export function findSellersWithStatements(db: OrganisationDb, period: StatementPeriod) {
  const { from, to } = getPeriodBounds(period)
  const paid = db
    .select({ sellerId: commissionPayments.sellerId })
    .from(commissionPayments)
    .where(
      and(
        eq(commissionPayments.deleted, false),
        between(commissionPayments.paidOn, period.dateFrom, period.dateTo),
      ),
    )
  const open = db
    .select({ sellerId: commissions.sellerId })
    .from(commissions)
    .where(
      and(
        eq(commissions.deleted, false),
        inArray(commissions.kind, ['adjustment', 'clawback']),
        ne(commissions.status, 'cancelled'),
        ne(commissions.commissionAmount, commissions.paidAmount),
        gte(commissions.createdAt, from),
        lt(commissions.createdAt, to),
      ),
    )
  return db
    .select({ id: salesSellers.id, name: salesSellers.name })
    .from(salesSellers)
    .where(
      and(
        eq(salesSellers.deleted, false),
        or(inArray(salesSellers.id, paid), inArray(salesSellers.id, open)),
      ),
    )
    .orderBy(asc(sql`${salesSellers.name} collate nocase`), asc(salesSellers.id))
    .all()
}
