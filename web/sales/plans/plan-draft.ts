import {
  PLAN_EXTRA_TYPES,
  type PlanExtraType,
  type PlanMode,
  type PlanPeriod,
  type PlanVersion,
} from '#schema/commission-plans'
import { parseMoneyToCents } from '#schema/parse-money'
import { formatPercentageText, parsePercentage } from '#schema/parse-percentage'

// The plan editor's form as typed (texts), and its reading into the API's payload: money
// by parseMoneyToCents, percentages by parsePercentage, each problem under the path the
// schema and the server name it by ('roles.0.tiers.1.fromVolume').

export type TierDraft = { key: string; fromVolume: string; share: string }
export type RoleDraft = { key: string; role: string; share: string; tiers: TierDraft[] }
export type ExtraDraft = { share: string; cap: string }

export type PlanDraft = {
  name: string
  period: PlanPeriod
  mode: PlanMode
  from: string
  roles: RoleDraft[]
  cap: string
  extras: Record<PlanExtraType, ExtraDraft>
}

/** Problems by the field's dotted path. */
export type FieldErrors = Record<string, string>

let lastKey = 0
/** A key for a new row, so React keeps a row's focus when another is removed. */
export const newKey = () => `row-${++lastKey}`

/** Cents as typed back: 500000000 → '5.000.000', 12350 → '123,50'. */
export function centsToText(cents: number): string {
  const euros = Math.floor(cents / 100)
  const rest = cents % 100
  const whole = String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return rest === 0 ? whole : `${whole},${String(rest).padStart(2, '0')}`
}

export const newTier = (): TierDraft => ({ key: newKey(), fromVolume: '', share: '' })
export const newRole = (role = ''): RoleDraft => ({ key: newKey(), role, share: '', tiers: [] })

/** An empty plan from `from`: one closer role, no tiers. */
export function emptyDraft(from: string): PlanDraft {
  return {
    name: '',
    period: 'year',
    mode: 'retroactive',
    from,
    roles: [newRole('closer')],
    cap: '',
    extras: { referral: emptyExtra(), manager: emptyExtra(), director: emptyExtra() },
  }
}
const emptyExtra = (): ExtraDraft => ({ share: '', cap: '' })

/** A version's terms as the form shows them, to change into the next version. */
export function draftFromVersion(name: string, version: PlanVersion, from: string): PlanDraft {
  const extras = emptyDraft(from).extras
  for (const extra of version.extras) {
    extras[extra.commissionType] = {
      share: formatPercentageText(extra.share),
      cap: extra.capPerPeriod === null ? '' : centsToText(extra.capPerPeriod),
    }
  }
  return {
    name,
    period: version.period,
    mode: version.mode,
    from,
    roles: version.roles.map((role) => ({
      key: newKey(),
      role: role.role,
      share: formatPercentageText(role.share),
      tiers: role.tiers.map((tier) => ({
        key: newKey(),
        fromVolume: centsToText(tier.fromVolume),
        share: formatPercentageText(tier.share),
      })),
    })),
    cap: version.capPerPeriod === null ? '' : centsToText(version.capPerPeriod),
    extras,
  }
}

/** The payload's terms, and what could not be read (the schema judges the rest). */
export function readDraft(draft: PlanDraft) {
  const errors: FieldErrors = {}
  const money = (text: string, path: string): number => {
    const parsed = parseMoneyToCents(text)
    if (parsed.ok) return parsed.value
    errors[path] = parsed.problem === 'ontbreekt' ? 'Vul een bedrag in' : parsed.problem
    return Number.NaN
  }
  const cap = (text: string, path: string) => (text.trim() === '' ? null : money(text, path))
  const share = (text: string, path: string) => {
    const parsed = parsePercentage(text)
    if (parsed.ok) return parsed.value
    errors[path] = parsed.problem === 'ontbreekt' ? 'Vul een percentage in' : parsed.problem
    return Number.NaN
  }
  const payload = {
    name: draft.name,
    period: draft.period,
    mode: draft.mode,
    from: draft.from,
    roles: draft.roles.map((role, index) => ({
      role: role.role,
      share: share(role.share, `roles.${index}.share`),
      tiers: role.tiers.map((tier, at) => ({
        fromVolume: money(tier.fromVolume, `roles.${index}.tiers.${at}.fromVolume`),
        share: share(tier.share, `roles.${index}.tiers.${at}.share`),
      })),
    })),
    capPerPeriod: cap(draft.cap, 'capPerPeriod'),
    extras: PLAN_EXTRA_TYPES.flatMap((type) => {
      const extra = draft.extras[type]
      if (extra.share.trim() === '' && extra.cap.trim() === '') return []
      return [
        {
          commissionType: type,
          share: share(extra.share, `extras.${type}.share`),
          capPerPeriod: cap(extra.cap, `extras.${type}.capPerPeriod`),
        },
      ]
    }),
  }
  return { payload, errors }
}

/**
 * The first problem of each path of a zod error or of the server's 400 `errors`. The
 * payload lists only the extras filled in, so `extras.0` is named by its kind, as the form
 * names its fields.
 */
export function toFieldErrors(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
  extras: readonly { commissionType: PlanExtraType }[] = [],
): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.join('.')
    const named = path.replace(
      /^extras\.(\d+)/,
      (_whole, index: string) => `extras.${extras[Number(index)]?.commissionType ?? index}`,
    )
    errors[named] ??= issue.message
  }
  return errors
}
