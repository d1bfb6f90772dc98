import type { z } from 'zod'
import type { ReviewedLine } from '#schema/sale-review'
import type { SaleCreateSchema } from '#schema/sales'

// What createSale is told about the lines createTeamSale filled from plans (decision 039):
// which version and tier made each, or, for a line set over its plan, what the plan gave,
// which only the review reads.

/**
 * Which plan version and tier made a line, and why it is what it is; a line whose share
 * was set over its plan's names no version and carries what the plan gave (the review
 * compares them).
 */
export type PlanLineOrigin =
  | { planVersionId: string; planTier: number; planNote: string | null }
  | { planVersionId: null; planTier: null; planNote: string; plannedPercentage: number }

/** The lines as the review reads them: with what the plan gave a line set over it. */
export function toReviewedLines(
  input: Pick<z.infer<typeof SaleCreateSchema>, 'commissions'>,
  plan: { lines: readonly PlanLineOrigin[] } | undefined,
): ReviewedLine[] {
  return input.commissions.map((line, index) => {
    const origin = plan?.lines[index]
    return origin && 'plannedPercentage' in origin
      ? { ...line, plannedPercentage: origin.plannedPercentage }
      : line
  })
}

/** A line's plan columns, without what only the review reads. */
export function planColumns(origin: PlanLineOrigin | undefined) {
  if (!origin) return {}
  const { planVersionId, planTier, planNote } = origin
  return { planVersionId, planTier, planNote }
}
