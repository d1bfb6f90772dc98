import type { PlanVersion } from './commission-plans.ts'
import {
  describeNextTier,
  describePosition,
  findEffective,
  findPlanRole,
  periodOf,
  type SellerPosition,
} from './plan-arithmetic.ts'
import {
  findPlanVersion,
  type Placement,
  type PlanBook,
  type ProjectRate,
} from './plan-resolution.ts'
import type { SaleDocType } from './rx/sales.ts'

// Commission plans as a device reads them from its local copies (decision 040): the plan
// book of schema/plan-resolution.ts and a seller's position, with the arithmetic the
// server uses (schema/plan-arithmetic.ts). Pure, for the hooks and their tests.

type Stored<T> = T & { createdAt?: number; updatedAt?: number; seq?: number }

/** The local versions, placements and project rates as the arithmetic's PlanBook. */
export function toPlanBook(stored: {
  versions: readonly Stored<PlanVersion>[]
  placements: readonly Stored<Placement & { id: string }>[]
  projectRates: readonly Stored<ProjectRate & { id: string }>[]
}): PlanBook {
  return {
    versions: stored.versions.map((version) => ({
      id: version.id,
      planId: version.planId,
      from: version.from,
      period: version.period,
      mode: version.mode,
      roles: version.roles,
      capPerPeriod: version.capPerPeriod,
      extras: version.extras,
    })),
    placements: stored.placements.map(({ sellerId, planId, from }) => ({ sellerId, planId, from })),
    projectRates: stored.projectRates.map(({ projectId, from, commissionPercentage, planId }) => ({
      projectId,
      from,
      commissionPercentage,
      planId,
    })),
  }
}

/** Plans by name, each with its versions oldest first; a plan without a version is left out. */
export function toPlanList(
  plans: readonly { id: string; name: string }[],
  book: Pick<PlanBook, 'versions'>,
): { id: string; name: string; versions: PlanVersion[] }[] {
  return [...plans]
    .sort((a, b) => a.name.localeCompare(b.name, 'nl'))
    .map((plan) => ({
      id: plan.id,
      name: plan.name,
      versions: book.versions
        .filter((version) => version.planId === plan.id)
        .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)),
    }))
    .filter((plan) => plan.versions.length > 0)
}

export type VolumeSale = Pick<
  SaleDocType,
  'saleDate' | 'salePrice' | 'status' | 'seq' | 'lines' | 'commissions'
>

/**
 * Whether the seller is on the sale's sales team, as the server counts volume: a live
 * commission line of type sales; on a sale this device registered and the server has not
 * answered yet (seq 0), a line of its own calculation.
 */
export function isOnTeam(
  sale: Pick<VolumeSale, 'seq' | 'lines' | 'commissions'>,
  sellerId: string,
) {
  if (sale.seq === 0 && sale.commissions) {
    return sale.commissions.some(
      (line) => line.sellerId === sellerId && line.commissionType === 'sales',
    )
  }
  return sale.lines.some(
    (line) =>
      line.sellerId === sellerId &&
      line.kind === 'commission' &&
      line.commissionType === 'sales' &&
      line.status !== 'cancelled',
  )
}

/** A seller's volume in a period: the prices of the standing sales they are on the team of. */
export function findLocalVolume(
  sales: readonly VolumeSale[],
  sellerId: string,
  period: { start: string; end: string },
) {
  let volume = 0
  for (const sale of sales) {
    if (sale.status === 'cancelled') continue
    if (sale.saleDate < period.start || sale.saleDate > period.end) continue
    if (isOnTeam(sale, sellerId)) volume += sale.salePrice
  }
  return volume
}

/** Where a seller stands, with "Nog € … tot … %" and the plan and role it is for. */
export type LocalSellerPosition = SellerPosition & {
  text: string | null
  planName: string
  role: string
}

/**
 * A seller's position on `date` from local copies: their plan then, their volume in its
 * period, the share they are at and what is left to the next tier; for their own role
 * when the plan knows it, else the plan's first role (as GET …/sellers/:id/position).
 * Null when they are on no plan then.
 */
export function findLocalPosition(options: {
  book: PlanBook
  plans: readonly { id: string; name: string }[]
  seller: { id: string; role: string | null } | undefined
  sellerId: string
  sales: readonly VolumeSale[]
  date: string
}): LocalSellerPosition | null {
  const { book, sellerId, date } = options
  const placement = findEffective(
    book.placements.filter((item) => item.sellerId === sellerId),
    date,
  )
  const version = placement ? findPlanVersion(book, placement.planId, date) : null
  const plan = version && options.plans.find((item) => item.id === version.planId)
  if (!version || !plan) return null
  const role = findPlanRole(version, options.seller?.role ?? null) ?? version.roles[0]
  if (!role) return null
  const period = periodOf(date, version.period)
  const volume = findLocalVolume(options.sales, sellerId, period)
  const position = describePosition(version, role, date, volume)
  return { ...position, text: describeNextTier(position), planName: plan.name, role: role.role }
}

/** The sellers on a sale's sales team, by the rules of isOnTeam. */
function teamOf(sale: VolumeSale): string[] {
  if (sale.seq === 0 && sale.commissions) {
    return sale.commissions
      .filter((line) => line.commissionType === 'sales')
      .map((line) => line.sellerId)
  }
  return sale.lines
    .filter(
      (line) =>
        line.kind === 'commission' &&
        line.commissionType === 'sales' &&
        line.status !== 'cancelled',
    )
    .map((line) => line.sellerId)
}

/** One seller's position among all, with their role's tiers for the bar's tick marks. */
export type LocalTeamPosition = {
  sellerId: string
  sellerName: string
  position: LocalSellerPosition
  tiers: PlanVersion['roles'][number]['tiers']
}

/**
 * Every seller's position on `date` (as findLocalPosition gives one), in one pass over the
 * sales: each seller's plan and period first, then each sale adds its price to the sellers
 * on its team whose period it falls in. Sellers on no plan then are left out; by name.
 */
export function findLocalPositions(options: {
  book: PlanBook
  plans: readonly { id: string; name: string }[]
  sellers: readonly { id: string; name: string; role: string | null }[]
  sales: readonly VolumeSale[]
  date: string
}): LocalTeamPosition[] {
  const { book, date } = options
  const placed = new Map<
    string,
    {
      seller: (typeof options.sellers)[number]
      version: PlanVersion
      planName: string
      role: PlanVersion['roles'][number]
      period: { start: string; end: string }
      volume: number
    }
  >()
  for (const seller of options.sellers) {
    const placement = findEffective(
      book.placements.filter((item) => item.sellerId === seller.id),
      date,
    )
    const version = placement ? findPlanVersion(book, placement.planId, date) : null
    const plan = version && options.plans.find((item) => item.id === version.planId)
    const role = version && (findPlanRole(version, seller.role) ?? version.roles[0])
    if (!version || !plan || !role) continue
    const period = periodOf(date, version.period)
    placed.set(seller.id, { seller, version, planName: plan.name, role, period, volume: 0 })
  }
  for (const sale of options.sales) {
    if (sale.status === 'cancelled') continue
    // A seller twice on one team still counts the sale once.
    for (const sellerId of new Set(teamOf(sale))) {
      const entry = placed.get(sellerId)
      if (!entry || sale.saleDate < entry.period.start || sale.saleDate > entry.period.end) continue
      entry.volume += sale.salePrice
    }
  }
  return [...placed.values()]
    .map(({ seller, version, planName, role, volume }) => {
      const position = describePosition(version, role, date, volume)
      return {
        sellerId: seller.id,
        sellerName: seller.name,
        position: { ...position, text: describeNextTier(position), planName, role: role.role },
        tiers: role.tiers,
      }
    })
    .sort((a, b) => a.sellerName.localeCompare(b.sellerName, 'nl'))
}
