import { salesSettings } from '#schema/db/organisation'
import type { Currency } from '#schema/format-money'
import { maySeeSeller } from '#schema/sales-visibility'
import type { StatementPeriod } from '#schema/statements'
import type { ServiceContext } from '../../../context.ts'
import { AppError } from '../../../errors/app-error.ts'
import { requirePermission } from '../../permissions/require-permission.ts'
import { findLiveSeller } from '../find-live-row.ts'
import { findOpenLines } from './find-open-lines.ts'
import { findOrganisationName } from './find-organisation-name.ts'
import { findStatementPayments } from './find-statement-payments.ts'
import { MAX_STATEMENT_LINES, type Statement } from './statement.ts'

/** A SELLER asking for a colleague's statement. */
export const OWN_STATEMENT_ONLY = 'Je mag alleen je eigen afrekening downloaden'

/**
 * A seller's payout statement for a period: every payment part paid in it, the corrections
 * and clawbacks created in it that are still open, and the totals. Anyone in the sales area
 * may ask for their own; a colleague's needs sales.read.all. The right is checked before
 * the seller is looked up, so a SELLER learns nothing about other ids.
 */
export function collectStatement(
  ctx: ServiceContext,
  sellerId: string,
  period: StatementPeriod,
): Statement {
  requirePermission(ctx.actor, 'sales.register')
  if (!maySeeSeller(ctx.actor, sellerId)) {
    throw new AppError('forbidden', OWN_STATEMENT_ONLY)
  }
  const seller = findLiveSeller(ctx, sellerId)
  // One more than allowed tells a statement that is too long from one that just fits.
  const payments = findStatementPayments(ctx.db, sellerId, period, MAX_STATEMENT_LINES + 1)
  const openLines = findOpenLines(ctx.db, sellerId, period, MAX_STATEMENT_LINES + 1)
  if (payments.length + openLines.length > MAX_STATEMENT_LINES) {
    throw new AppError(
      'invalid_input',
      `Te veel regels voor één afrekening (meer dan ${MAX_STATEMENT_LINES}); kies een kortere periode`,
    )
  }
  const totals = { commission: 0, adjustments: 0, clawbacks: 0, net: 0, open: 0 }
  for (const payment of payments) {
    if (payment.kind === 'commission') totals.commission += payment.amount
    else if (payment.kind === 'adjustment') totals.adjustments += payment.amount
    else totals.clawbacks += payment.amount
    totals.net += payment.amount
  }
  for (const line of openLines) totals.open += line.remaining
  const settings = ctx.db.select({ currency: salesSettings.currency }).from(salesSettings).get()
  return {
    organisationName: findOrganisationName(ctx),
    sellerId,
    sellerName: seller.name,
    currency: (settings?.currency ?? 'EUR') as Currency,
    period,
    payments,
    openLines,
    totals,
  }
}
