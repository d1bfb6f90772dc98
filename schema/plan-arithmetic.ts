import type { CommissionType } from './commission.ts'
import type { PlanPeriod, PlanVersion } from './commission-plans.ts'
import { formatMoney } from './format-money.ts'
import { formatPercentageText } from './parse-percentage.ts'

// The arithmetic of commission plans (decision 039), once for the wizard, the database
// worker and the server. Exact like schema/commission.ts: shares are scaled to integers,
// products are BigInt, each amount is rounded half up to whole cents once.
//
// A seller's sales of one period (by sale date; cancelled ones are not given) are taken in
// order: sale date, then the order they were registered in. Their volume is the sum of
// their prices. What each sale earns from the plan follows from that order alone, so the
// server can compute it again after any change and write only the difference (an
// adjustment line), never rewriting a line.

const SCALE = 10_000n
const HUNDRED = 100n * SCALE
const toScaled = (percentage: number) => BigInt(Math.round(percentage * Number(SCALE)))
const fromScaled = (scaled: bigint) => Number(scaled) / Number(SCALE)

/** numerator / denominator rounded half up, for a non-negative denominator. */
function divideRounded(numerator: bigint, denominator: bigint) {
  const sign = numerator < 0n ? -1n : 1n
  const magnitude = numerator < 0n ? -numerator : numerator
  return (sign * (2n * magnitude + denominator)) / (2n * denominator)
}

/** `percentage` of a net commission in cents, rounded half up once: a fixed share's amount. */
export function shareOfNet(netCents: number, percentage: number): number {
  return Number(divideRounded(BigInt(netCents) * toScaled(percentage), HUNDRED))
}

/** Whether two shares are the same to the four decimals a share carries. */
export function isSameShare(a: number, b: number): boolean {
  return toScaled(a) === toScaled(b)
}

/** The period a date falls in: the calendar year or quarter, as 'YYYY-MM-DD' bounds. */
export function periodOf(date: string, period: PlanPeriod): { start: string; end: string } {
  const year = date.slice(0, 4)
  if (period === 'year') return { start: `${year}-01-01`, end: `${year}-12-31` }
  const quarter = Math.floor((Number(date.slice(5, 7)) - 1) / 3)
  const startMonth = quarter * 3 + 1
  const ends = ['03-31', '06-30', '09-30', '12-31']
  return {
    start: `${year}-${String(startMonth).padStart(2, '0')}-01`,
    end: `${year}-${ends[quarter]}`,
  }
}

/** What is in force on `date`: the item with the latest `from` not after it. */
export function findEffective<Item extends { from: string }>(
  items: readonly Item[],
  date: string,
): Item | null {
  let found: Item | null = null
  for (const item of items) {
    if (item.from <= date && (!found || item.from >= found.from)) found = item
  }
  return found
}

/** The terms of a role in a version, matched without regard to case. */
export function findPlanRole(version: Pick<PlanVersion, 'roles'>, role: string | null) {
  const wanted = (role ?? '').trim().toLowerCase()
  return version.roles.find((candidate) => candidate.role.toLowerCase() === wanted) ?? null
}

type RoleTerms = PlanVersion['roles'][number]

/** The share at a volume: tier 0 is the base share, tier n the n-th tier reached. */
export function shareAtVolume(role: RoleTerms, volume: number): { share: number; tier: number } {
  let result = { share: role.share, tier: 0 }
  role.tiers.forEach((tier, index) => {
    if (volume >= tier.fromVolume) result = { share: tier.share, tier: index + 1 }
  })
  return result
}

/**
 * The scaled share of a sale whose price spans the volume from `before` to `before +
 * price`, times the price: each part of the price earns the share of the tier it falls in
 * (marginal). Divided by the price it is the sale's blended share.
 */
function marginalShareTimesPrice(role: RoleTerms, before: number, price: number): bigint {
  const bounds = [0, ...role.tiers.map((tier) => tier.fromVolume), Number.POSITIVE_INFINITY]
  const shares = [role.share, ...role.tiers.map((tier) => tier.share)]
  const after = before + price
  let total = 0n
  shares.forEach((share, index) => {
    const low = Math.max(before, bounds[index] ?? 0)
    const high = Math.min(after, bounds[index + 1] ?? Number.POSITIVE_INFINITY)
    if (high > low) total += BigInt(high - low) * toScaled(share)
  })
  return total
}

/** One part a seller takes of a sale from a plan: a team role, or a fixed extra share. */
export type PlanPart = {
  commissionType: CommissionType
  /** The team role (closer, setter, …) of a sales line. */
  role: string | null
  /** The version in force on the sale date (the project's plan or the seller's). */
  version: PlanVersion
}

/** A sale of the seller's period, in the order the arithmetic takes them. */
export type PeriodSale = {
  saleId: string
  saleDate: string
  salePrice: number
  netCents: number
  /** What the seller takes of it from a plan; empty when their lines were typed by hand. */
  parts: readonly PlanPart[]
  /** False when the seller is not on its sales team (a referral only): no volume. */
  countsInVolume?: boolean
}

/** What a part earns. */
export type PartResult = {
  saleId: string
  commissionType: CommissionType
  role: string | null
  versionId: string
  amount: number
  /** The share it was computed with (blended for a marginal sale across tiers), 4 decimals. */
  percentage: number
  /** 0 the base share, n the n-th tier (the highest a marginal sale reaches). */
  tier: number
  /** Why it is less than its share: a cap reached. */
  note: string | null
}

/** A part whose role the plan does not know. */
export class PlanRoleError extends Error {}

function capKey(part: PlanPart) {
  return `${part.version.planId}\u0000${part.commissionType}`
}

/**
 * What each plan part of a seller's period earns, from the sales of that period in order
 * (see above). Volume counts every sale given; a retroactive share is the one the whole
 * period's volume reaches, a marginal one is blended over the tiers the sale's own price
 * spans. A cap per period (the plan's for the sales roles, each extra's for its own kind)
 * is taken up in the same order: once reached, what follows earns 0 with the reason.
 */
export function computeSellerPeriod(sales: readonly PeriodSale[]): PartResult[] {
  const volumeOf = (sale: PeriodSale) => (sale.countsInVolume === false ? 0 : sale.salePrice)
  const total = sales.reduce((sum, sale) => sum + volumeOf(sale), 0)
  const earned = new Map<string, number>()
  const results: PartResult[] = []
  let before = 0
  for (const sale of sales) {
    for (const part of sale.parts) {
      const raw = computePart(part, sale, before, total)
      const cap = capOf(part)
      const key = capKey(part)
      const sofar = earned.get(key) ?? 0
      let amount = raw.amount
      let note: string | null = null
      if (cap !== null && sofar + amount > cap) {
        amount = Math.max(0, cap - sofar)
        note = `Plafond van ${formatMoney(cap)} per periode bereikt`
      }
      earned.set(key, sofar + amount)
      results.push({
        saleId: sale.saleId,
        commissionType: part.commissionType,
        role: part.role,
        versionId: part.version.id,
        amount,
        percentage: raw.percentage,
        tier: raw.tier,
        note,
      })
    }
    before += volumeOf(sale)
  }
  return results
}

function capOf(part: PlanPart): number | null {
  if (part.commissionType === 'sales') return part.version.capPerPeriod
  const extra = part.version.extras.find((item) => item.commissionType === part.commissionType)
  return extra?.capPerPeriod ?? null
}

function computePart(part: PlanPart, sale: PeriodSale, before: number, total: number) {
  const net = BigInt(sale.netCents)
  if (part.commissionType !== 'sales') {
    const extra = part.version.extras.find((item) => item.commissionType === part.commissionType)
    const share = extra?.share ?? 0
    return {
      amount: Number(divideRounded(net * toScaled(share), HUNDRED)),
      percentage: share,
      tier: 0,
    }
  }
  const role = findPlanRole(part.version, part.role)
  if (!role) throw new PlanRoleError(`Rol ${part.role ?? '(geen)'} staat niet in het plan`)
  if (part.version.mode === 'retroactive' || sale.salePrice === 0) {
    const { share, tier } = shareAtVolume(
      role,
      part.version.mode === 'retroactive' ? total : before,
    )
    return {
      amount: Number(divideRounded(net * toScaled(share), HUNDRED)),
      percentage: share,
      tier,
    }
  }
  const price = BigInt(sale.salePrice)
  const blended = marginalShareTimesPrice(role, before, sale.salePrice)
  // The last cent of the sale's price lies in the highest tier it reaches.
  const { tier } = shareAtVolume(role, before + sale.salePrice - 1)
  return {
    amount: Number(divideRounded(net * blended, price * HUNDRED)),
    percentage: fromScaled(divideRounded(blended, price)),
    tier,
  }
}

/** Sorts a period's sales into the arithmetic's order: sale date, then registration. */
export function orderPeriodSales<Sale extends { saleDate: string; order: number }>(
  sales: readonly Sale[],
): Sale[] {
  return [...sales].sort((a, b) =>
    a.saleDate === b.saleDate ? a.order - b.order : a.saleDate < b.saleDate ? -1 : 1,
  )
}

/** Where a seller stands in their period (GET …/sellers/:id/position, the seller's page). */
export type SellerPosition = {
  periodStart: string
  periodEnd: string
  volume: number
  share: number
  tier: number
  nextThreshold: number | null
  nextShare: number | null
}

/** The position at `volume` for a role of a version, in the period around `date`. */
export function describePosition(
  version: PlanVersion,
  role: RoleTerms,
  date: string,
  volume: number,
): SellerPosition {
  const period = periodOf(date, version.period)
  const { share, tier } = shareAtVolume(role, volume)
  const next = role.tiers[tier] ?? null
  return {
    periodStart: period.start,
    periodEnd: period.end,
    volume,
    share,
    tier,
    nextThreshold: next?.fromVolume ?? null,
    nextShare: next?.share ?? null,
  }
}

/** "Nog € 420.000 tot 70 %", or null at the highest tier. Whole euros, rounded up. */
export function describeNextTier(position: SellerPosition): string | null {
  if (position.nextThreshold === null || position.nextShare === null) return null
  const left = Math.ceil((position.nextThreshold - position.volume) / 100) * 100
  const money = formatMoney(left).replace(/,00$/, '')
  return `Nog ${money} tot ${formatPercentageText(position.nextShare)} %`
}
