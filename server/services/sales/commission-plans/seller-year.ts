import type { CommissionType } from '#schema/commission'
import type { PlanVersion } from '#schema/commission-plans'
import {
  computeSellerPeriod,
  orderPeriodSales,
  type PartResult,
  type PeriodSale,
  type PlanPart,
  periodOf,
} from '#schema/plan-arithmetic'
import { choosePlanVersion, type PlanBook } from '#schema/plan-resolution'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { connectionOf } from '../../../db/prepare-once.ts'

// A seller's sales of one calendar year as the plan arithmetic reads them, and what each
// of their plan lines should hold. A year holds every quarter in it, so one read serves a
// plan of either period.

type Reader = Pick<OrganisationDb, 'select'>
type LineRow = {
  id: string
  commissionType: CommissionType
  kind: 'commission' | 'adjustment' | 'clawback'
  role: string | null
  commissionPercentage: number
  commissionAmount: number
  expectedPaymentDate: string | null
  planVersionId: string | null
  planTier: number | null
}

/** One of the seller's standing sales of the year, with the seller's live lines on it. */
export type SellerSale = {
  saleId: string
  projectId: string
  saleDate: string
  salePrice: number
  netCents: number
  createdAt: number
  fromPlan: boolean
  lines: LineRow[]
}

/** A sale about to be registered: in the year with the parts the plans give it. */
export type NewSale = Omit<SellerSale, 'lines' | 'fromPlan'> & {
  parts: PlanPart[]
  onTeam: boolean
}

// One statement for a seller's year, in SQL (compiled once per connection by
// cacheStatements), read as arrays: the arithmetic runs in the request's transaction, and
// drizzle's mapping of each joined row into objects was most of the time of a crossing
// over 500 sales. Through commissions_seller (the seller's lines of every year), each
// line's sale by its key, the year's dates kept (EXPLAIN QUERY PLAN in decision 039).
const SELLER_LINES = `select s.id, s.project_id, s.sale_date, s.sale_price, s.commission_amount,
  s.created_at, s.from_plan, c.id, c.commission_type, c.kind, c.role,
  c.commission_percentage, c.commission_amount, c.expected_payment_date, c.plan_version_id,
  c.plan_tier
from commissions c join sales s on s.id = c.sale_id
where c.deleted = 0 and c.status != 'cancelled' and s.deleted = 0 and s.status != 'cancelled'`
type Row = [
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  string,
  CommissionType,
  LineRow['kind'],
  string | null,
  number,
  number,
  string | null,
  string | null,
  number | null,
]

function gatherSales(rows: readonly Row[]): SellerSale[] {
  const bySale = new Map<string, SellerSale>()
  for (const row of rows) {
    let entry = bySale.get(row[0])
    if (!entry) {
      entry = {
        saleId: row[0],
        projectId: row[1],
        saleDate: row[2],
        salePrice: row[3],
        netCents: row[4],
        createdAt: row[5],
        fromPlan: row[6] === 1,
        lines: [],
      }
      bySale.set(row[0], entry)
    }
    entry.lines.push({
      id: row[7],
      commissionType: row[8],
      kind: row[9],
      role: row[10],
      commissionPercentage: row[11],
      commissionAmount: row[12],
      expectedPaymentDate: row[13],
      planVersionId: row[14],
      planTier: row[15],
    })
  }
  return [...bySale.values()]
}

/** The seller's standing (not cancelled) sales dated in `year`, with their live lines. */
export function loadSellerYear(db: Reader, sellerId: string, year: string): SellerSale[] {
  const rows = connectionOf(db)
    .prepare(
      `${SELLER_LINES} and c.seller_id = ? and s.sale_date between ? and ? order by c.created_at, c.id`,
    )
    .raw()
    .all(sellerId, `${year}-01-01`, `${year}-12-31`) as Row[]
  return gatherSales(rows)
}

/** The seller's lines on one sale, as loadSellerYear reads them: a sale just registered. */
export function loadSellerSale(db: Reader, sellerId: string, sale: SellerSale['saleId']) {
  const rows = connectionOf(db)
    // `+c.seller_id`: through commissions_sale (a few lines), not all the seller's lines.
    .prepare(`${SELLER_LINES} and c.sale_id = ? and +c.seller_id = ? order by c.created_at, c.id`)
    .raw()
    .all(sale, sellerId) as Row[]
  return gatherSales(rows)
}

const isOnTeam = (sale: SellerSale) =>
  sale.lines.some((line) => line.kind === 'commission' && line.commissionType === 'sales')

/**
 * The parts a stored sale takes from plans: one per plan line of a sale filled from plans,
 * under the version in force on its date now (a version added from an earlier date takes
 * over), or the version that made the line when no plan is in force any more.
 */
function partsOf(book: PlanBook, sale: SellerSale, sellerId: string): PlanPart[] {
  if (!sale.fromPlan) return []
  const chosen = choosePlanVersion(book, sale, sellerId)
  return sale.lines
    .filter((line) => line.kind === 'commission' && line.planVersionId !== null)
    .flatMap((line) => {
      const version =
        chosen ?? book.versions.find((candidate) => candidate.id === line.planVersionId)
      return version
        ? [{ commissionType: line.commissionType, role: line.role, version } as PlanPart]
        : []
    })
}

/** What one plan part of a sale should hold, with the seller's lines it is owed on. */
export type PartTarget = PartResult & { lines: LineRow[] }

/**
 * What every plan part of the seller's sales of a year (`stored`, loadSellerYear) should hold: per period of each
 * part's version (the year, or its quarter), the period's sales in order with the volume of
 * all of them (decision 039). `extra` is a sale being registered, not stored yet.
 */
export function computeSellerYear(
  book: PlanBook,
  sellerId: string,
  stored: readonly SellerSale[],
  extra?: NewSale,
): PartTarget[] {
  type Entry = PeriodSale & { order: number; lines: LineRow[] }
  const entries: Entry[] = stored.map((sale) => ({
    saleId: sale.saleId,
    saleDate: sale.saleDate,
    salePrice: sale.salePrice,
    netCents: sale.netCents,
    parts: partsOf(book, sale, sellerId),
    countsInVolume: isOnTeam(sale),
    order: sale.createdAt,
    lines: sale.lines,
  }))
  if (extra) {
    entries.push({
      ...extra,
      countsInVolume: extra.onTeam,
      order: extra.createdAt,
      lines: [],
    })
  }
  const ordered = orderPeriodSales(entries)
  const periodKey = (date: string, version: PlanVersion) =>
    `${version.period}:${periodOf(date, version.period).start}`
  const keys = new Set<string>()
  for (const entry of ordered) {
    for (const part of entry.parts) keys.add(periodKey(entry.saleDate, part.version))
  }
  const targets: PartTarget[] = []
  for (const key of keys) {
    const [period, start] = key.split(':') as ['year' | 'quarter', string]
    const { end } = periodOf(start, period)
    const inPeriod = ordered
      .filter((entry) => entry.saleDate >= start && entry.saleDate <= end)
      .map((entry) => ({
        ...entry,
        parts: entry.parts.filter((part) => periodKey(entry.saleDate, part.version) === key),
      }))
    const linesOf = new Map(inPeriod.map((entry) => [entry.saleId, entry.lines]))
    for (const result of computeSellerPeriod(inPeriod)) {
      targets.push({
        ...result,
        lines: (linesOf.get(result.saleId) ?? []).filter(
          (line) => line.commissionType === result.commissionType,
        ),
      })
    }
  }
  return targets
}

/** What the seller's live lines of this kind already owe on the sale (clawbacks aside). */
export function owedOn(lines: readonly LineRow[], commissionType: CommissionType): number {
  return lines
    .filter((line) => line.commissionType === commissionType && line.kind !== 'clawback')
    .reduce((sum, line) => sum + line.commissionAmount, 0)
}
