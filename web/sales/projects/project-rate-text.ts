import type { ProjectRate } from '#schema/plan-resolution'
import { formatTypedPercentage } from '../../lib/format-money.ts'

/** "2,5% · Plan Closers", "2,5%" or "Plan Closers": what a project's rate sets. */
export function describeRate(
  rate: Pick<ProjectRate, 'commissionPercentage' | 'planId'>,
  plans: readonly { id: string; name: string }[],
) {
  const parts: string[] = []
  if (rate.commissionPercentage !== null)
    parts.push(formatTypedPercentage(rate.commissionPercentage))
  if (rate.planId) {
    parts.push(`Plan ${plans.find((plan) => plan.id === rate.planId)?.name ?? 'onbekend'}`)
  }
  return parts.join(' · ')
}
