import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays'
import { parseISO } from 'date-fns/parseISO'
import { EXTRA_COMMISSION_WARNING_PERCENTAGE } from './commission.ts'
import {
  type EffectiveStatus,
  getEffectiveStatus,
  getLineValue,
  getOpenAmount,
} from './commission-line-status.ts'
import { isReviewCleared } from './sale-review.ts'
import type {
  CommissionDocument,
  CommissionPaymentDocument,
  ProjectDocument,
  SaleDocument,
  SellerDocument,
} from './sales.ts'

// The one aggregation behind the sales dashboards (docs/behaviour.md, Dashboard, Commissions and Statistics of Gold Estates). The server runs
// it over the organisation's rows for GET /api/gold-estates/commissions/dashboard and
// /stats/detailed; the screens run it over the local database, so they work offline and
// show the same numbers. Money in cents; dates 'YYYY-MM-DD'.
//
// A line's status and what is open on it are schema/commission-line-status.ts's;
// `pendingCommissions` counts pending lines that are not (yet) overdue.
//
// A sale under review or sent back (schema/sale-review.ts) is listed but counts for
// nothing: not its sale, not its lines, in no tile, total, breakdown or upcoming payment.

/** The rows the aggregation reads. */
export type SalesData = {
  sales: readonly SaleDocument[]
  commissions: readonly CommissionDocument[]
  projects: readonly ProjectDocument[]
  sellers: readonly SellerDocument[]
  /** Payment parts (the sale screen lists them); the figures read the lines' paidAmount. */
  payments?: readonly CommissionPaymentDocument[]
}

/** Dashboard filters; absent means all. */
export type DashboardFilters = {
  dateFrom?: string
  dateTo?: string
  sellerId?: string
  projectId?: string
  projectLabel?: string
}

/**
 * How much of the two long lists to build: a page of the sales list (newest first) and
 * the first upcoming payments. Totals and counts always cover everything in the filter.
 */
export type SalesListPage = { offset: number; limit: number; upcomingLimit: number }

/** What the endpoint builds when nothing else is asked for. */
export const DEFAULT_SALES_LIST_PAGE: SalesListPage = { offset: 0, limit: 100, upcomingLimit: 100 }

/** Days of the "Verwachte Betalingen" window on the commission screen. */
export const UPCOMING_WINDOW_DAYS = 90

export type UpcomingPayment = {
  commissionId: string
  projectName: string
  sellerName: string
  clientName: string
  amount: number
  expectedPaymentDate: string
  daysUntilPayment: number
}

/**
 * A sale as the lists show it. A cancelled sale (status) and one under review or sent back
 * (reviewStatus) are listed, but left out of every count and total.
 */
export type SalesListItem = Pick<
  SaleDocument,
  | 'id'
  | 'status'
  | 'reviewStatus'
  | 'reviewReason'
  | 'clientName'
  | 'propertyNumber'
  | 'saleDate'
  | 'deliveryDate'
  | 'salePrice'
  | 'commissionPercentage'
  | 'commissionAmount'
> & {
  projectName: string
  commissions: {
    id: string
    sellerName: string
    role: string | null
    kind: CommissionDocument['kind']
    amount: number
    paidAmount: number
    status: EffectiveStatus
    /** The plan version that made the line; null: typed by hand (decision 039). */
    planVersionId: string | null
    /** 0 the plan's base share, n its n-th tier. */
    planTier: number | null
    /** A tier crossed or a cap reached: why the line is what it is. */
    planNote: string | null
  }[]
}

/** GET /api/gold-estates/commissions/dashboard. */
export type CommissionDashboard = {
  /** Still open on lines not yet due (partly paid lines: what remains). */
  pendingCommissions: number
  /** Paid out on commission and adjustment lines. */
  paidCommissions: number
  /** Still open on lines past their expected payment date. */
  overdueCommissions: number
  /** Owed back by sellers on clawbacks not yet settled (a positive amount). */
  openClawbacks: number
  totalSales: number
  totalProperties: number
  averageSalePrice: number
  averageCommissionPercentage: number
  averageCommissionAmount: number
  upcomingPayments: UpcomingPayment[]
  /** Number of upcoming payments in the window; upcomingPayments holds the first ones. */
  upcomingPaymentsTotal: number
  salesList: SalesListItem[]
  /** Number of sales in the filter; salesList holds one page of them. */
  salesListTotal: number
  sellerBreakdown: {
    sellerId: string
    name: string
    sales: number
    totalCommission: number
    pending: number
  }[]
  projectBreakdown: {
    projectId: string
    name: string
    sales: number
    label: string | null
    totalRevenue: number
    totalCommission: number
  }[]
}

const average = (total: number, count: number) => (count === 0 ? 0 : total / count)

// Every list has a total order, so the server and a client give identical answers
// whatever order their rows come in.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const byCreation = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  a.createdAt - b.createdAt || compareText(a.id, b.id)
const newestSaleFirst = (a: SaleDocument, b: SaleDocument) =>
  compareText(b.saleDate, a.saleDate) || b.createdAt - a.createdAt || compareText(a.id, b.id)

/**
 * items sorted by `compare`, sliced to [offset, offset + limit). A page near the start
 * keeps only the best offset + limit items while scanning instead of sorting them all.
 */
function selectPage<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  offset: number,
  limit: number,
): T[] {
  const wanted = offset + limit
  if (limit <= 0 || offset >= items.length) return []
  if (wanted * 8 > items.length) return [...items].sort(compare).slice(offset, wanted)
  const best: T[] = []
  for (const item of items) {
    if (best.length === wanted) {
      if (compare(item, best[wanted - 1] as T) >= 0) continue
      best.pop()
    }
    // Binary search for the insertion point keeps `best` sorted.
    let low = 0
    let high = best.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (compare(best[middle] as T, item) <= 0) low = middle + 1
      else high = middle
    }
    best.splice(low, 0, item)
  }
  return best.slice(offset)
}

/** Whether a sale counts in figures: not cancelled, not under review or sent back. */
const isCounted = (sale: SaleDocument) => sale.status !== 'cancelled' && isReviewCleared(sale)

function selectSales(data: SalesData, filters: DashboardFilters) {
  const projects = new Map(data.projects.map((project) => [project.id, project]))
  const salesWithSeller = filters.sellerId
    ? new Set(
        data.commissions
          .filter((line) => line.sellerId === filters.sellerId)
          .map((line) => line.saleId),
      )
    : undefined
  const sales = data.sales.filter(
    (sale) =>
      (!filters.dateFrom || sale.saleDate >= filters.dateFrom) &&
      (!filters.dateTo || sale.saleDate <= filters.dateTo) &&
      (!filters.projectId || sale.projectId === filters.projectId) &&
      (!filters.projectLabel || projects.get(sale.projectId)?.label === filters.projectLabel) &&
      (!salesWithSeller || salesWithSeller.has(sale.id)),
  )
  const counted = sales.filter(isCounted)
  return { sales, counted, salesById: new Map(sales.map((sale) => [sale.id, sale])), projects }
}

/** The commission dashboard for the filters, as of `today`. */
export function buildCommissionDashboard(
  data: SalesData,
  filters: DashboardFilters,
  today: string,
  page: SalesListPage = DEFAULT_SALES_LIST_PAGE,
): CommissionDashboard {
  const { sales, counted, salesById, projects } = selectSales(data, filters)
  const sellers = new Map(data.sellers.map((seller) => [seller.id, seller]))
  const sellerName = (sellerId: string) => sellers.get(sellerId)?.name ?? 'Onbekende verkoper'
  const totals = { paid: 0, pending: 0, overdue: 0, clawbacks: 0 }
  const upcomingPayments: UpcomingPayment[] = []
  const todayDate = parseISO(today)
  // Few distinct payment dates, many lines: each date is parsed once.
  const daysUntil = new Map<string, number>()
  const getDaysUntil = (date: string) => {
    let days = daysUntil.get(date)
    if (days === undefined) {
      days = differenceInCalendarDays(parseISO(date), todayDate)
      daysUntil.set(date, days)
    }
    return days
  }
  const bySeller = new Map<string, CommissionDashboard['sellerBreakdown'][number]>()
  const sellerSales = new Map<string, Set<string>>()

  for (const line of data.commissions) {
    const sale = salesById.get(line.saleId)
    if (!sale || (filters.sellerId && line.sellerId !== filters.sellerId)) continue
    if (!isReviewCleared(sale)) continue
    const status = getEffectiveStatus(line, today)
    const open = getOpenAmount(line)
    if (line.kind === 'clawback') totals.clawbacks -= open
    else {
      totals.paid += line.paidAmount
      if (status === 'pending' || status === 'overdue') totals[status] += open
    }
    let breakdown = bySeller.get(line.sellerId)
    let saleIds = sellerSales.get(line.sellerId)
    if (!breakdown || !saleIds) {
      breakdown = {
        sellerId: line.sellerId,
        name: sellerName(line.sellerId),
        sales: 0,
        totalCommission: 0,
        pending: 0,
      }
      bySeller.set(line.sellerId, breakdown)
      saleIds = new Set()
      sellerSales.set(line.sellerId, saleIds)
    }
    breakdown.totalCommission += getLineValue(line)
    breakdown.pending += open
    if (sale.status !== 'cancelled') saleIds.add(line.saleId)
    if (status === 'pending' && line.kind !== 'clawback' && open > 0 && line.expectedPaymentDate) {
      const days = getDaysUntil(line.expectedPaymentDate)
      if (days <= UPCOMING_WINDOW_DAYS) {
        upcomingPayments.push({
          commissionId: line.id,
          projectName: projects.get(sale.projectId)?.name ?? 'Onbekend project',
          sellerName: breakdown.name,
          clientName: sale.clientName,
          amount: open,
          expectedPaymentDate: line.expectedPaymentDate,
          daysUntilPayment: days,
        })
      }
    }
  }
  for (const [sellerId, saleIds] of sellerSales) {
    const breakdown = bySeller.get(sellerId)
    if (breakdown) breakdown.sales = saleIds.size
  }

  const byProject = new Map<string, CommissionDashboard['projectBreakdown'][number]>()
  let revenue = 0
  let percentageSum = 0
  let commissionSum = 0
  // Distinct properties: property numbers per project.
  const propertiesByProject = new Map<string, Set<string>>()
  for (const sale of counted) {
    revenue += sale.salePrice
    percentageSum += sale.commissionPercentage
    commissionSum += sale.commissionAmount
    let properties = propertiesByProject.get(sale.projectId)
    if (!properties) {
      properties = new Set()
      propertiesByProject.set(sale.projectId, properties)
    }
    properties.add(sale.propertyNumber)
    const project = projects.get(sale.projectId)
    const breakdown = byProject.get(sale.projectId) ?? {
      projectId: sale.projectId,
      name: project?.name ?? 'Onbekend project',
      sales: 0,
      label: project?.label ?? null,
      totalRevenue: 0,
      totalCommission: 0,
    }
    breakdown.sales += 1
    breakdown.totalRevenue += sale.salePrice
    breakdown.totalCommission += sale.commissionAmount
    byProject.set(sale.projectId, breakdown)
  }

  let totalProperties = 0
  for (const properties of propertiesByProject.values()) totalProperties += properties.size

  const pageSales = selectPage(sales, newestSaleFirst, page.offset, page.limit)
  // Lines of the page's sales only: one pass, no grouping of every line.
  const linesBySale = new Map<string, CommissionDocument[]>(pageSales.map((sale) => [sale.id, []]))
  for (const line of data.commissions) {
    if (filters.sellerId && line.sellerId !== filters.sellerId) continue
    linesBySale.get(line.saleId)?.push(line)
  }
  const salesList = pageSales.map((sale) => ({
    id: sale.id,
    status: sale.status,
    reviewStatus: sale.reviewStatus ?? null,
    reviewReason: sale.reviewReason ?? null,
    clientName: sale.clientName,
    projectName: projects.get(sale.projectId)?.name ?? 'Onbekend project',
    propertyNumber: sale.propertyNumber,
    saleDate: sale.saleDate,
    deliveryDate: sale.deliveryDate,
    salePrice: sale.salePrice,
    commissionPercentage: sale.commissionPercentage,
    commissionAmount: sale.commissionAmount,
    commissions: (linesBySale.get(sale.id) ?? []).sort(byCreation).map((line) => ({
      id: line.id,
      sellerName: sellers.get(line.sellerId)?.name ?? 'Onbekende verkoper',
      role: line.role,
      kind: line.kind,
      amount: line.commissionAmount,
      paidAmount: line.paidAmount,
      status: getEffectiveStatus(line, today),
      // Rows written before plans, or a caller's own documents, may lack them.
      planVersionId: line.planVersionId ?? null,
      planTier: line.planTier ?? null,
      planNote: line.planNote ?? null,
    })),
  }))

  return {
    pendingCommissions: totals.pending,
    paidCommissions: totals.paid,
    overdueCommissions: totals.overdue,
    openClawbacks: totals.clawbacks,
    totalSales: counted.length,
    totalProperties,
    averageSalePrice: Math.round(average(revenue, counted.length)),
    averageCommissionPercentage: Math.round(average(percentageSum, counted.length) * 100) / 100,
    averageCommissionAmount: Math.round(average(commissionSum, counted.length)),
    upcomingPayments: upcomingPayments
      .sort(
        (a, b) =>
          a.daysUntilPayment - b.daysUntilPayment ||
          compareText(a.clientName, b.clientName) ||
          compareText(a.commissionId, b.commissionId),
      )
      .slice(0, page.upcomingLimit),
    upcomingPaymentsTotal: upcomingPayments.length,
    salesList,
    salesListTotal: sales.length,
    sellerBreakdown: [...bySeller.values()].sort(
      (a, b) => b.totalCommission - a.totalCommission || compareText(a.sellerId, b.sellerId),
    ),
    projectBreakdown: [...byProject.values()].sort(
      (a, b) => b.totalRevenue - a.totalRevenue || compareText(a.projectId, b.projectId),
    ),
  }
}

/** GET /api/gold-estates/stats/detailed. */
export type DetailedStats = {
  totalSales: number
  thisMonthSales: number
  lastMonthSales: number
  averageSalePrice: number
  averageCommissionPercentage: number
  averageCommissionAmount: number
  totalRevenue: number
  totalCommissions: number
  salesCommissionsTotal: number
  referralCommissionsTotal: number
  managerCommissionsTotal: number
  directorCommissionsTotal: number
  salesWithExtraCommissions: number
  highExtraCommissionSales: number
  totalExtraCommissions: number
  /** Clawbacks of cancelled sales, in all (a positive amount owed back). */
  clawbacksTotal: number
  /** What of it is still owed back. */
  openClawbacks: number
}

/** The statistics screen's figures, as of `today` (months are calendar months). */
export function buildDetailedStats(data: SalesData, today: string): DetailedStats {
  const thisMonth = today.slice(0, 7)
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`
  const totalsByType = { sales: 0, referral: 0, manager: 0, director: 0 }
  const extraPercentageBySale = new Map<string, number>()
  const counted = data.sales.filter(isCounted)
  const countedIds = new Set(counted.map((sale) => sale.id))
  let clawbacksTotal = 0
  let openClawbacks = 0
  for (const line of data.commissions) {
    if (line.kind === 'clawback') {
      clawbacksTotal -= line.commissionAmount
      openClawbacks -= getOpenAmount(line)
      continue
    }
    if (!countedIds.has(line.saleId)) continue
    totalsByType[line.commissionType] += line.commissionAmount
    if (line.commissionType !== 'sales' && line.kind === 'commission') {
      extraPercentageBySale.set(
        line.saleId,
        (extraPercentageBySale.get(line.saleId) ?? 0) + line.commissionPercentage,
      )
    }
  }
  let revenue = 0
  let percentageSum = 0
  let commissionSum = 0
  let thisMonthSales = 0
  let lastMonthSales = 0
  for (const sale of counted) {
    revenue += sale.salePrice
    percentageSum += sale.commissionPercentage
    commissionSum += sale.commissionAmount
    const saleMonth = sale.saleDate.slice(0, 7)
    if (saleMonth === thisMonth) thisMonthSales += 1
    else if (saleMonth === lastMonth) lastMonthSales += 1
  }
  const count = counted.length
  const extraPercentages = [...extraPercentageBySale.values()]
  return {
    totalSales: count,
    thisMonthSales,
    lastMonthSales,
    averageSalePrice: Math.round(average(revenue, count)),
    averageCommissionPercentage: Math.round(average(percentageSum, count) * 100) / 100,
    averageCommissionAmount: Math.round(average(commissionSum, count)),
    totalRevenue: revenue,
    totalCommissions: commissionSum,
    salesCommissionsTotal: totalsByType.sales,
    referralCommissionsTotal: totalsByType.referral,
    managerCommissionsTotal: totalsByType.manager,
    directorCommissionsTotal: totalsByType.director,
    salesWithExtraCommissions: extraPercentages.filter((total) => total > 0).length,
    // Rounded to 4 decimals first, so 20 + 20 + 10 is exactly 50 and gives no warning.
    highExtraCommissionSales: extraPercentages.filter(
      (total) => Math.round(total * 10_000) / 10_000 > EXTRA_COMMISSION_WARNING_PERCENTAGE,
    ).length,
    totalExtraCommissions: totalsByType.referral + totalsByType.manager + totalsByType.director,
    clawbacksTotal,
    openClawbacks,
  }
}
