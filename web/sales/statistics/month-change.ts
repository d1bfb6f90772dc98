/**
 * This month's sales against last month's, in percent, rounded to one decimal; undefined
 * when last month had none (docs/behaviour.md: the change is shown only then).
 */
export function getMonthChange(thisMonth: number, lastMonth: number): number | undefined {
  if (lastMonth <= 0) return undefined
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10
}
