import { asc, count, eq, sql } from 'drizzle-orm'
import { commissionPayments, commissions, salesSellers } from '#schema/db/organisation'
import type { StatementPeriod } from '#schema/statements'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { isOpenLineInPeriod, isPaymentInPeriod } from './statement-conditions.ts'

/** A seller with a statement for the period, and how many lines it has. */
export type SellerWithStatement = { id: string; name: string; lineCount: number }

/**
 * The live sellers who have something on a statement for the period: a payment part paid
 * in it, or a correction or clawback created in it that is still open. By name, each
 * with its number of lines, counted in two grouped queries (no line is read).
 */
export function findSellersWithStatements(
  db: OrganisationDb,
  period: StatementPeriod,
): SellerWithStatement[] {
  const lineCounts = new Map<string, number>()
  const add = (rows: { sellerId: string; lines: number }[]) => {
    for (const row of rows)
      lineCounts.set(row.sellerId, (lineCounts.get(row.sellerId) ?? 0) + row.lines)
  }
  add(
    db
      .select({ sellerId: commissionPayments.sellerId, lines: count() })
      .from(commissionPayments)
      .innerJoin(commissions, eq(commissions.id, commissionPayments.commissionId))
      .where(isPaymentInPeriod(period))
      .groupBy(commissionPayments.sellerId)
      .all(),
  )
  add(
    db
      .select({ sellerId: commissions.sellerId, lines: count() })
      .from(commissions)
      .where(isOpenLineInPeriod(period))
      .groupBy(commissions.sellerId)
      .all(),
  )
  if (lineCounts.size === 0) return []
  // Every live seller, filtered here: an IN list of them all could pass SQLite's limit.
  const sellers = db
    .select({ id: salesSellers.id, name: salesSellers.name })
    .from(salesSellers)
    .where(eq(salesSellers.deleted, false))
    .orderBy(asc(sql`${salesSellers.name} collate nocase`), asc(salesSellers.id))
    .all()
  return sellers.flatMap((seller) => {
    const lineCount = lineCounts.get(seller.id)
    return lineCount === undefined ? [] : [{ ...seller, lineCount }]
  })
}
