import { formatPercentageText } from './parse-percentage.ts'

// A line of a sale from plans whose share was set by hand over its plan's ("afwijkend van
// plan", decision 039): it names no plan version, and its note says what the plan gave. The
// server writes the note; the review reads the plan's share back from it on a device
// (schema/sale-review.ts), so no column had to hold it.

/** A line's note when its share was set by hand over its plan's: what the plan gave. */
export function describeDeviation(plannedPercentage: number): string {
  return `Afwijkend van plan (plan: ${formatPercentageText(plannedPercentage)} %)`
}

const DEVIATION = /^Afwijkend van plan \(plan: (\d+(?:,\d{1,4})?) %\)$/

/**
 * What the plan gave a stored line set over it (describeDeviation's note on a line of no
 * plan version), for the review's reasons on a device; null for any other line.
 */
export function readPlannedPercentage(line: {
  planVersionId?: string | null
  planNote?: string | null
}): number | null {
  if (line.planVersionId || !line.planNote) return null
  const found = DEVIATION.exec(line.planNote)
  return found?.[1] ? Number(found[1].replace(',', '.')) : null
}
