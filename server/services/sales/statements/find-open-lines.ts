import { format } from 'date-fns/format'
import { and, asc, eq } from 'drizzle-orm'
import { commissions, sales, salesProjects } from '#schema/db/organisation'
import type { StatementPeriod } from '#schema/statements'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { describeSale, SALE_CONTEXT_COLUMNS } from './sale-context.ts'
import type { StatementOpenLine } from './statement.ts'
import { isOpenLineInPeriod } from './statement-conditions.ts'

/**
 * A seller's corrections and clawbacks created in the period that are not paid off
 * (remaining = commissionAmount − paidAmount, signed) and not cancelled, oldest first.
 */
export function findOpenLines(
  db: OrganisationDb,
  sellerId: string,
  period: StatementPeriod,
  limit: number,
): StatementOpenLine[] {
  const rows = db
    .select({
      createdAt: commissions.createdAt,
      kind: commissions.kind,
      amount: commissions.commissionAmount,
      paidAmount: commissions.paidAmount,
      ...SALE_CONTEXT_COLUMNS,
    })
    .from(commissions)
    .leftJoin(sales, eq(sales.id, commissions.saleId))
    .leftJoin(salesProjects, eq(salesProjects.id, sales.projectId))
    .where(and(eq(commissions.sellerId, sellerId), isOpenLineInPeriod(period)))
    .orderBy(asc(commissions.createdAt), asc(commissions.id))
    .limit(limit)
    .all()
  return rows.map((row) => ({
    createdOn: format(row.createdAt, 'yyyy-MM-dd'),
    kind: row.kind === 'clawback' ? 'clawback' : 'adjustment',
    remaining: row.amount - row.paidAmount,
    ...describeSale(row),
  }))
}
