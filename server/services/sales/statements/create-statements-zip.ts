import { zipSync } from 'fflate'
import type { StatementPeriod } from '#schema/statements'
import type { ServiceContext } from '../../../context.ts'
import { AppError } from '../../../http/app-error.ts'
import { requirePermission } from '../../permissions/require-permission.ts'
import { collectStatement } from './collect-statement.ts'
import { findSellersWithStatements } from './find-sellers-with-statements.ts'
import { renderStatementPdf } from './render-statement-pdf.ts'
import { getStatementFileName } from './statement-file-name.ts'

/**
 * Every seller's payout statement for the period, one PDF each, as a zip: only sellers
 * with something in the period. Needs sales.read.all. PDFs are compressed already, so
 * they are stored as they are.
 */
export async function createStatementsZip(ctx: ServiceContext, period: StatementPeriod) {
  requirePermission(ctx.actor, 'sales.read.all')
  const sellers = findSellersWithStatements(ctx.db, period)
  if (sellers.length === 0) {
    throw new AppError('not_found', 'Geen betalingen of openstaande correcties in deze periode')
  }
  const files: Record<string, Uint8Array> = {}
  for (const seller of sellers) {
    let name = getStatementFileName(seller.name, period)
    // Two sellers of the same name each keep their own file.
    if (files[name]) name = name.replace(/\.pdf$/, `-${seller.id.slice(-8)}.pdf`)
    files[name] = await renderStatementPdf(collectStatement(ctx, seller.id, period))
  }
  return {
    fileName: `afrekeningen-${period.dateFrom}-${period.dateTo}.zip`,
    zip: zipSync(files, { level: 0 }),
  }
}
