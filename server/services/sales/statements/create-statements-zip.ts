import type { StatementPeriod } from '#schema/statements'
import type { ServiceContext } from '../../../context.ts'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { AppError } from '../../../errors/app-error.ts'
import { requirePermission } from '../../permissions/require-permission.ts'
import { findSellersWithStatements } from './find-sellers-with-statements.ts'
import { MAX_STATEMENT_LINES } from './statement.ts'
import { type LeftOutStatement, streamStatementsZip } from './stream-statements-zip.ts'

/** Sellers one zip may hold. */
export const MAX_STATEMENTS_PER_ZIP = 500
/** Statement lines one zip may hold in all (a seller's own cap is MAX_STATEMENT_LINES). */
export const MAX_ZIP_LINES = 50_000

const formatCount = (count: number) => count.toLocaleString('nl-NL')

/**
 * Every seller's payout statement for the period, one PDF each, as a zip made while it is
 * sent: only sellers with something in the period. Needs sales.read.all. Bounded before
 * anything is made: at most MAX_STATEMENTS_PER_ZIP sellers and MAX_ZIP_LINES lines (413
 * otherwise); a seller over MAX_STATEMENT_LINES is left out alone and named in
 * `leftOut` (and in the zip), the others are still delivered.
 */
export async function createStatementsZip(
  ctx: ServiceContext,
  period: StatementPeriod,
  /** The organisation's file, taken again each time it is needed while the zip is made. */
  openDb: () => OrganisationDb,
) {
  requirePermission(ctx.actor, 'sales.read.all')
  const sellers = findSellersWithStatements(ctx.db, period)
  if (sellers.length === 0) {
    throw new AppError('not_found', 'Geen betalingen of openstaande correcties in deze periode')
  }
  if (sellers.length > MAX_STATEMENTS_PER_ZIP) {
    throw new AppError(
      'payload_too_large',
      `Te veel afrekeningen voor één zip (${formatCount(sellers.length)} verkopers, maximaal ${formatCount(MAX_STATEMENTS_PER_ZIP)}); kies een kortere periode`,
    )
  }
  const included = sellers.filter((seller) => seller.lineCount <= MAX_STATEMENT_LINES)
  const leftOut: LeftOutStatement[] = sellers
    .filter((seller) => seller.lineCount > MAX_STATEMENT_LINES)
    .map((seller) => ({
      sellerName: seller.name,
      reason: `te veel regels (${formatCount(seller.lineCount)}, maximaal ${formatCount(MAX_STATEMENT_LINES)} per afrekening); download deze afrekening apart met een kortere periode`,
    }))
  const lines = included.reduce((sum, seller) => sum + seller.lineCount, 0)
  if (lines > MAX_ZIP_LINES) {
    throw new AppError(
      'payload_too_large',
      `Te veel regels voor één zip (${formatCount(lines)}, maximaal ${formatCount(MAX_ZIP_LINES)}); kies een kortere periode`,
    )
  }
  return {
    fileName: `afrekeningen-${period.dateFrom}-${period.dateTo}.zip`,
    body: streamStatementsZip(ctx, period, included, leftOut, openDb),
    leftOut,
  }
}
