import { findReviewReasons, type ReviewedLine } from '#schema/sale-review'
import { seesAllSales } from '#schema/sales-visibility'
import type { ServiceContext } from '../../context.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { appendActivity } from '../activities/append-activity.ts'

/** The activity of an office author's own unusual split. */
export const UNUSUAL_SPLIT_ACTION = 'Ongebruikelijke verdeling geboekt'

/**
 * An ADMIN's or MANAGER's own unusual split is not held (decision 016: the office splits
 * as it likes), but it is written into the activity log with the reasons a SELLER's would
 * be held for (findReviewReasons, the review's own rule), so an office sees a 5,000 % line
 * someone booked. A SELLER's is held for review instead, and not logged here.
 */
export function logUnusualSplit(
  tx: Pick<OrganisationDb, 'insert' | 'get'>,
  ctx: ServiceContext,
  sale: { id: string; clientName: string; propertyNumber: string; fromPlan?: boolean },
  lines: readonly ReviewedLine[],
) {
  if (!seesAllSales(ctx.actor.permissions)) return
  const reasons = findReviewReasons(lines, { fromPlan: sale.fromPlan })
  if (reasons.length === 0) return
  appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
    type: 'sale',
    action: UNUSUAL_SPLIT_ACTION,
    target: `${sale.clientName} (${sale.propertyNumber}): ${reasons.join('; ')}`,
    metadata: { saleId: sale.id, reasons },
  })
}
