import { and, asc, eq } from 'drizzle-orm'
import { commissionPayments, commissions, sales, salesProjects } from '#schema/db/organisation'
import type { StatementPeriod } from '#schema/statements'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { describeSale, SALE_CONTEXT_COLUMNS } from './sale-context.ts'
import type { StatementPayment } from './statement.ts'
import { isPaymentInPeriod } from './statement-conditions.ts'

/**
 * A seller's live payment parts with paidOn in the period, oldest first, at most `limit`.
 * A part is always a positive amount; it counts in the direction of its line, so a part
 * of a clawback or a negative correction is negative here.
 */
export function findStatementPayments(
  db: OrganisationDb,
  sellerId: string,
  period: StatementPeriod,
  limit: number,
): StatementPayment[] {
  const rows = db
    .select({
      paidOn: commissionPayments.paidOn,
      amount: commissionPayments.amount,
      kind: commissions.kind,
      lineAmount: commissions.commissionAmount,
      ...SALE_CONTEXT_COLUMNS,
    })
    .from(commissionPayments)
    .innerJoin(commissions, eq(commissions.id, commissionPayments.commissionId))
    .leftJoin(sales, eq(sales.id, commissionPayments.saleId))
    .leftJoin(salesProjects, eq(salesProjects.id, sales.projectId))
    .where(and(eq(commissionPayments.sellerId, sellerId), isPaymentInPeriod(period)))
    .orderBy(
      asc(commissionPayments.paidOn),
      asc(commissionPayments.createdAt),
      asc(commissionPayments.id),
    )
    .limit(limit)
    .all()
  return rows.map((row) => ({
    paidOn: row.paidOn,
    kind: row.kind,
    amount: row.lineAmount < 0 ? -row.amount : row.amount,
    ...describeSale(row),
  }))
}
