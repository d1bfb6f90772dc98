import type { CommissionType } from './commission.ts'
import { EXTRA_COMMISSION_WARNING_PERCENTAGE } from './commission.ts'
import { formatPercentageText } from './parse-percentage.ts'

// The review of a sale ("Ter beoordeling", docs/behaviour.md). The office may split a
// commission as it likes (the wizard's warnings are advisory); a person who sees only
// their own sales (a SELLER) may not pay themselves out of an unusual split without an
// approver looking at it first. The device and the server run this same arithmetic: the
// device shows "Ter beoordeling" at once, the server decides.

/** Where a sale stands in the review: null is approved (or never needed one). */
export type ReviewStatus = 'pending' | 'rejected' | null

/** A line as the review reads it. */
export type ReviewedLine = {
  sellerId: string
  commissionType: CommissionType
  commissionPercentage: number
  /**
   * On a sale from plans: what the plan gives a line whose share was set by hand instead
   * ("afwijkend van plan"); absent or null for a line that follows its plan.
   */
  plannedPercentage?: number | null
}

// Percentages carry up to 4 decimals (schema/commission.ts); compared as integers.
const toScaled = (percentage: number) => Math.round(percentage * 10_000)
const HUNDRED = toScaled(100)
const EXTRA_LIMIT = toScaled(EXTRA_COMMISSION_WARNING_PERCENTAGE)

/**
 * Why a split needs an approver's look, in Dutch, one reason per rule broken: the sales
 * team's lines do not add up to exactly 100 % of the net commission, the extra lines
 * (referral, manager, director) add up to more than 50 %, or two lines name the same
 * seller and type. Empty when none. Lines the server filled from commission plans
 * (`fromPlan`, decision 039) leave the rest of the net commission to the office: a team
 * total over 100 % is held, and so is a line whose share differs from what its plan gives.
 */
export function findReviewReasons(
  lines: readonly ReviewedLine[],
  options: { fromPlan?: boolean } = {},
): string[] {
  const reasons: string[] = []
  const salesTeam = lines
    .filter((line) => line.commissionType === 'sales')
    .reduce((sum, line) => sum + toScaled(line.commissionPercentage), 0)
  if (options.fromPlan ? salesTeam > HUNDRED : salesTeam !== HUNDRED) {
    reasons.push(
      options.fromPlan
        ? `Het salesteam telt op tot ${formatPercentageText(salesTeam / 10_000)}% (boven 100%)`
        : `Het salesteam telt op tot ${formatPercentageText(salesTeam / 10_000)}% in plaats van 100%`,
    )
  }
  if (options.fromPlan) {
    const deviations = lines.filter(
      (line) =>
        line.plannedPercentage != null &&
        toScaled(line.plannedPercentage) !== toScaled(line.commissionPercentage),
    )
    if (deviations.length > 0) reasons.push(describeDeviations(deviations))
  }
  const extra = lines
    .filter((line) => line.commissionType !== 'sales')
    .reduce((sum, line) => sum + toScaled(line.commissionPercentage), 0)
  if (extra > EXTRA_LIMIT) {
    reasons.push(
      `Extra commissies tellen op tot ${formatPercentageText(extra / 10_000)}% (boven 50%)`,
    )
  }
  const seen = new Set<string>()
  for (const line of lines) {
    const key = `${line.sellerId}\u0000${line.commissionType}`
    if (seen.has(key)) {
      reasons.push('Dezelfde verkoper staat twee keer met hetzelfde soort commissie')
      break
    }
    seen.add(key)
  }
  return reasons
}

const TYPE_NAMES: Record<CommissionType, string> = {
  sales: 'salesteam',
  referral: 'aanbreng',
  manager: 'sales manager',
  director: 'sales director',
}

/** "Afwijkend van plan: 52,5% in plaats van 60% (salesteam); …", one reason for them all. */
function describeDeviations(lines: readonly ReviewedLine[]) {
  const each = lines.map(
    (line) =>
      `${formatPercentageText(line.commissionPercentage)}% in plaats van ${formatPercentageText(line.plannedPercentage ?? 0)}% (${TYPE_NAMES[line.commissionType]})`,
  )
  return `Afwijkend van plan: ${each.join('; ')}`
}

/**
 * The review status a registration or correction gives a sale. Only an author who does
 * not see every sale (`sales.read.all`) is reviewed: an unusual split is held for review,
 * and their correction of a sale under review (or sent back) puts it back in review.
 * Anyone else leaves the status as it was.
 */
export function getReviewStatusAfterWrite(options: {
  canReadAll: boolean
  lines: readonly ReviewedLine[]
  current: ReviewStatus
  fromPlan?: boolean
}): ReviewStatus {
  if (options.canReadAll) return options.current
  if (options.current !== null) return 'pending'
  return findReviewReasons(options.lines, options).length > 0 ? 'pending' : null
}

/** Whether a sale's lines count and can be paid: not while it is under review or sent back. */
export function isReviewCleared(sale: { reviewStatus?: ReviewStatus | string | null }): boolean {
  return sale.reviewStatus === null || sale.reviewStatus === undefined
}

/** Refused: paying a line of a sale under review or sent back. */
export const SALE_UNDER_REVIEW =
  'Deze verkoop staat ter beoordeling; de commissies kunnen pas na goedkeuring betaald worden'

/** Refused: approving or rejecting a sale that is not under review. */
export const SALE_NOT_UNDER_REVIEW = 'Deze verkoop staat niet ter beoordeling'

/** Refused: approving a sale that changed after the approver looked at it. */
export const SALE_CHANGED_SINCE_SEEN =
  'Deze verkoop is gewijzigd sinds je hem bekeek. Bekijk hem opnieuw voor je hem goedkeurt.'

/** Refused: rejecting a sale that changed after the approver looked at it. */
export const SALE_CHANGED_BEFORE_REJECT =
  'Deze verkoop is gewijzigd sinds je hem bekeek. Bekijk hem opnieuw voor je hem afwijst.'

/** Refused: an approver reviewing a sale they registered themselves. */
export const OWN_SALE_REVIEW = 'Je kunt je eigen verkoop niet beoordelen'
