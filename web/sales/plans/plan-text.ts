export { formatDay } from '#schema/dutch-day'

import type { PlanExtraType, PlanMode, PlanPeriod, PlanVersion } from '#schema/commission-plans'
import { formatMoney, formatTypedPercentage } from '../../lib/format-money.ts'

// How a plan's terms read on the screens (docs/behaviour.md, Commissieplannen).

export const PERIOD_LABELS: Record<PlanPeriod, string> = {
  year: 'Kalenderjaar',
  quarter: 'Kwartaal',
}

export const MODE_LABELS: Record<PlanMode, { title: string; detail: string }> = {
  marginal: { title: 'Marginaal', detail: 'Alleen het deel boven de drempel' },
  retroactive: { title: 'Retroactief', detail: 'De hele periode' },
}

export const EXTRA_LABELS: Record<PlanExtraType, string> = {
  referral: 'Aanbreng',
  manager: 'Sales Manager',
  director: 'Sales Director',
}

/** Whole euros where there are no cents: '€ 5.000.000' rather than '€ 5.000.000,00'. */
export function formatAmount(cents: number): string {
  return formatMoney(cents).replace(/,00$/, '')
}

/** One role's terms: 'closer 60% · vanaf € 5.000.000: 70%'. */
export function describeRole(role: PlanVersion['roles'][number]): string {
  return [
    `${role.role} ${formatTypedPercentage(role.share)}`,
    ...role.tiers.map(
      (tier) => `vanaf ${formatAmount(tier.fromVolume)}: ${formatTypedPercentage(tier.share)}`,
    ),
  ].join(' · ')
}

/** A version's terms beside its roles: period, mode, caps and fixed shares. */
export function describeTerms(version: PlanVersion): string {
  return [
    PERIOD_LABELS[version.period],
    MODE_LABELS[version.mode].title,
    version.capPerPeriod === null
      ? null
      : `plafond ${formatAmount(version.capPerPeriod)} per periode`,
    ...version.extras.map(
      (extra) =>
        `${EXTRA_LABELS[extra.commissionType]} ${formatTypedPercentage(extra.share)}${
          extra.capPerPeriod === null ? '' : ` (plafond ${formatAmount(extra.capPerPeriod)})`
        }`,
    ),
  ]
    .filter(Boolean)
    .join(' · ')
}

/** The version in force on `date`, or the first one when none is yet. */
export function versionOn(versions: readonly PlanVersion[], date: string): PlanVersion | undefined {
  return versions.filter((version) => version.from <= date).at(-1) ?? versions[0]
}
