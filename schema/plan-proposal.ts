import type { CommissionType } from './commission.ts'
import { isOnTeam } from './local-plans.ts'
import {
  computeSellerPeriod,
  findPlanRole,
  type PeriodSale,
  type PlanPart,
  periodOf,
} from './plan-arithmetic.ts'
import { choosePlanVersion, type PlanBook } from './plan-resolution.ts'
import type { SaleDocType } from './rx/sales.ts'

// The wizard's proposal (issue 48 §5, decision 040): what each line of a new sale would
// earn by the plans, from the device's plan book and its local sales of the period, with
// the arithmetic the server uses (schema/plan-arithmetic.ts). The server authors the real
// lines when the sale arrives; this is what the device shows meanwhile (provisional).

/** One line of the sale being registered. */
export type ProposedMember = {
  sellerId: string
  role: string | null
  commissionType: CommissionType
}

/** What the plan gives one line, and how it came about. */
export type LineProposal = {
  percentage: number
  amount: number
  planVersionId: string
  planId: string
  tier: number
  /** A cap reached (from the arithmetic). */
  note: string | null
  /** The seller's volume in the period with this sale, for "hoe berekend". */
  volume: number
  mode: 'marginal' | 'retroactive'
}

type LocalSale = Pick<
  SaleDocType,
  | 'id'
  | 'saleDate'
  | 'salePrice'
  | 'commissionAmount'
  | 'status'
  | 'seq'
  | 'lines'
  | 'commissions'
  | 'createdAt'
>

/** The sale being registered, as the arithmetic reads it. */
export type NewSale = { projectId: string; saleDate: string; salePrice: number; netCents: number }

const NEW_SALE_ID = '\u0000new'

/** A stored sale's parts for one seller: their plan lines whose version this device holds. */
function storedParts(sale: LocalSale, sellerId: string, book: PlanBook): PlanPart[] {
  const lines =
    sale.seq === 0 && sale.commissions
      ? sale.commissions.map((line) => ({ ...line, kind: 'commission', status: 'pending' }))
      : sale.lines
  const parts: PlanPart[] = []
  for (const line of lines) {
    if (line.sellerId !== sellerId || line.kind !== 'commission' || line.status === 'cancelled') {
      continue
    }
    const version = book.versions.find((item) => item.id === line.planVersionId)
    if (version) parts.push({ commissionType: line.commissionType, role: line.role, version })
  }
  return parts
}

/**
 * What the plans give each member of the new sale; null for a member no plan covers (no
 * placement on this device, a role the plan does not know): that line stays typed.
 */
export function proposeLines(
  book: PlanBook,
  sales: readonly LocalSale[],
  sale: NewSale,
  members: readonly ProposedMember[],
): (LineProposal | null)[] {
  return members.map((member) => {
    const version = choosePlanVersion(book, sale, member.sellerId)
    if (!version || member.sellerId === '') return null
    if (member.commissionType === 'sales' && !findPlanRole(version, member.role)) return null
    if (
      member.commissionType !== 'sales' &&
      !version.extras.some((extra) => extra.commissionType === member.commissionType)
    ) {
      return null
    }
    const period = periodOf(sale.saleDate, version.period)
    const ownParts = members
      .filter((other) => other.sellerId === member.sellerId)
      .map((other) => ({ commissionType: other.commissionType, role: other.role, version }))
    const periodSales: (PeriodSale & { order: number })[] = sales
      .filter(
        (stored) =>
          stored.status !== 'cancelled' &&
          stored.saleDate >= period.start &&
          stored.saleDate <= period.end,
      )
      .map((stored) => ({
        saleId: stored.id,
        saleDate: stored.saleDate,
        salePrice: stored.salePrice,
        netCents: stored.commissionAmount,
        parts: storedParts(stored, member.sellerId, book),
        countsInVolume: isOnTeam(stored, member.sellerId),
        order: stored.createdAt,
      }))
      .filter((stored) => stored.countsInVolume || stored.parts.length > 0)
    periodSales.push({
      saleId: NEW_SALE_ID,
      saleDate: sale.saleDate,
      salePrice: sale.salePrice,
      netCents: sale.netCents,
      parts: ownParts,
      countsInVolume: ownParts.some((part) => part.commissionType === 'sales'),
      order: Number.POSITIVE_INFINITY,
    })
    periodSales.sort((a, b) =>
      a.saleDate === b.saleDate ? a.order - b.order : a.saleDate < b.saleDate ? -1 : 1,
    )
    const result = computeSellerPeriod(periodSales).find(
      (part) => part.saleId === NEW_SALE_ID && part.commissionType === member.commissionType,
    )
    if (!result) return null
    const volume = periodSales.reduce(
      (sum, item) => sum + (item.countsInVolume === false ? 0 : item.salePrice),
      0,
    )
    return {
      percentage: result.percentage,
      amount: result.amount,
      planVersionId: version.id,
      planId: version.planId,
      tier: result.tier,
      note: result.note,
      volume,
      mode: version.mode,
    }
  })
}
