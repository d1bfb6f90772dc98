import { formatPercentageText } from '#schema/parse-percentage'
import type { ServiceContext } from '../../../context.ts'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { appendActivity } from '../../activities/append-activity.ts'
import { type AdjustmentLine, insertAdjustmentLines } from './adjustment-lines.ts'
import { loadPlanBook } from './plan-book.ts'
import { computeSellerYear, loadSellerYear, owedOn, type PartTarget } from './seller-year.ts'

// Tier crossings (decision 039): after any change to a seller's sales, what each of their
// plan lines should hold is computed again, and each difference becomes one adjustment
// line on the sale it concerns. No line is rewritten, paid or not: the devices hold the
// lines already, a statement may have listed them, and the adjustment says why. Inside the
// write's transaction, so two registrations that cross the same threshold take turns in
// commit order and the second finds the first one's adjustments: one set, not two.

type Tx = Pick<OrganisationDb, 'select' | 'get' | 'insert'>

const pct = (value: number) => `${formatPercentageText(value)} %`

/** Why an adjustment, in the words the sale and the statement show. */
function describeAdjustment(target: PartTarget): string {
  if (target.note) return target.note
  const previous = [...target.lines].reverse().find((line) => line.planTier !== null)
  const was = previous ? ` (was ${pct(previous.commissionPercentage)})` : ''
  const before = previous?.planTier ?? 0
  if (target.tier > before) return `Trede ${target.tier} bereikt: ${pct(target.percentage)}${was}`
  if (target.tier < before) {
    const to = target.tier === 0 ? 'het basisaandeel' : `trede ${target.tier}`
    return `Terug naar ${to}: ${pct(target.percentage)}${was}`
  }
  return `Herberekend volgens het plan: ${pct(target.percentage)}${was}`
}

/** The adjustments one seller's year calls for: each target's difference to what is owed. */
export function findAdjustments(sellerId: string, targets: readonly PartTarget[]) {
  const lines: AdjustmentLine[] = []
  for (const target of targets) {
    const difference = target.amount - owedOn(target.lines, target.commissionType)
    if (difference === 0) continue
    lines.push({
      saleId: target.saleId,
      sellerId,
      commissionType: target.commissionType,
      role: target.role,
      commissionPercentage: target.percentage,
      commissionAmount: difference,
      expectedPaymentDate: target.lines[0]?.expectedPaymentDate ?? null,
      planVersionId: target.versionId,
      planTier: target.tier,
      planNote: describeAdjustment(target),
    })
  }
  return lines
}

/** One activity for the adjustments a change wrote, when it wrote any. */
export function logAdjustments(ctx: ServiceContext, tx: Tx, written: number, cause: string) {
  if (written === 0) return
  appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
    type: 'sale',
    action: 'Commissies aangepast volgens plan',
    target: `${written} aanpassingsregel${written === 1 ? '' : 's'} (${cause})`,
    metadata: { adjustments: written, cause },
  })
}

/**
 * Brings the plan lines of these sellers' sales in the years of `dates` to what the plans
 * say now, with adjustment lines; logs one activity when any were written. Call it in the
 * transaction of the change (a registration, a correction, a cancellation, a plan change).
 */
export function reconcilePlanLines(
  ctx: ServiceContext,
  tx: Tx,
  change: { sellerIds: Iterable<string>; dates: Iterable<string>; cause: string },
  now = Date.now(),
) {
  const book = loadPlanBook(tx)
  if (book.versions.length === 0) return 0
  const years = new Set([...change.dates].map((date) => date.slice(0, 4)))
  const lines: AdjustmentLine[] = []
  for (const sellerId of new Set(change.sellerIds)) {
    for (const year of years) {
      const stored = loadSellerYear(tx, sellerId, year)
      lines.push(...findAdjustments(sellerId, computeSellerYear(book, sellerId, stored)))
    }
  }
  insertAdjustmentLines(ctx, tx, lines, now)
  logAdjustments(ctx, tx, lines.length, change.cause)
  return lines.length
}
