import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { CommissionType } from '#schema/commission'
import type { PlanVersion } from '#schema/commission-plans'
import { commissions, sales } from '#schema/db/organisation'
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

// A seller's sales of one calendar year as the plan arithmetic reads them, and what each
// of their plan lines should hold. A year holds every quarter in it, so one read serves a
// plan of either period.

type Reader = Pick<OrganisationDb, 'select'>
/** The columns of a line the arithmetic and its adjustments read. */
const LINE_COLUMNS = {
  id: commissions.id,
  commissionType: commissions.commissionType,
  kind: commissions.kind,
  role: commissions.role,
  commissionPercentage: commissions.commissionPercentage,
  commissionAmount: commissions.commissionAmount,
  expectedPaymentDate: commissions.expectedPaymentDate,
  planVersionId: commissions.planVersionId,
  planTier: commissions.planTier,
}
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

/** The seller's standing (not cancelled) sales dated in `year`, with their live lines. */
export function loadSellerYear(db: Reader, sellerId: string, year: string): SellerSale[] {
  const rows = db
    // Only the columns read: a year of a busy seller is thousands of lines.
    .select({
      sale: {
        id: sales.id,
        projectId: sales.projectId,
        saleDate: sales.saleDate,
        salePrice: sales.salePrice,
        commissionAmount: sales.commissionAmount,
        createdAt: sales.createdAt,
        fromPlan: sales.fromPlan,
      },
      line: LINE_COLUMNS,
    })
    .from(commissions)
    .innerJoin(sales, eq(sales.id, commissions.saleId))
    .where(
      and(
        eq(commissions.sellerId, sellerId),
        eq(commissions.deleted, false),
        ne(commissions.status, 'cancelled'),
        eq(sales.deleted, false),
        ne(sales.status, 'cancelled'),
        sql`${sales.saleDate} between ${`${year}-01-01`} and ${`${year}-12-31`}`,
      ),
    )
    .orderBy(asc(commissions.createdAt), asc(commissions.id))
    .all()
  const bySale = new Map<string, SellerSale>()
  for (const { sale, line } of rows) {
    let entry = bySale.get(sale.id)
    if (!entry) {
      entry = {
        saleId: sale.id,
        projectId: sale.projectId,
        saleDate: sale.saleDate,
        salePrice: sale.salePrice,
        netCents: sale.commissionAmount,
        createdAt: sale.createdAt,
        fromPlan: sale.fromPlan,
        lines: [],
      }
      bySale.set(sale.id, entry)
    }
    entry.lines.push(line)
  }
  return [...bySale.values()]
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
 * What every plan part of the seller's sales in `year` should hold: per period of each
 * part's version (the year, or its quarter), the period's sales in order with the volume of
 * all of them (decision 039). `extra` is a sale being registered, not stored yet.
 */
export function computeSellerYear(
  db: Reader,
  book: PlanBook,
  sellerId: string,
  year: string,
  extra?: NewSale,
): PartTarget[] {
  const stored = loadSellerYear(db, sellerId, year)
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
