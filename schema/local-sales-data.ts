import { applyPaymentParts } from './commission-changes.ts'
import { DASHBOARD_UPCOMING_LIMIT } from './dashboard-stats.ts'
import { getExpectedPaymentDate } from './payment-term.ts'
import { findImplausibleSales } from './plausible-commission.ts'
import type { SaleDocType } from './rx/sales.ts'
import type {
  CommissionDocument,
  CommissionPaymentDocument,
  ProjectDocument,
  SaleDocument,
  SellerDocument,
} from './sales.ts'
import {
  buildCommissionDashboard,
  buildDetailedStats,
  type CommissionDashboard,
  type DashboardFilters,
  type DetailedStats,
  type SalesData,
  type SalesListPage,
} from './sales-dashboard.ts'

// The sales screens' data as a device reads it from its local database, and the Gold
// Estates dashboard and statistics built from it: the same arithmetic wherever it runs, on
// the page or in the database worker (sync/client/worker/database-worker.ts), which answers the
// figures without copying every sale to the page (decision 026).

/** The live (not deleted) documents of a sales database, as stored. */
export type SalesDocuments = {
  projects: readonly ProjectDocument[]
  sellers: readonly SellerDocument[]
  sales: readonly SaleDocType[]
  payments: readonly CommissionPaymentDocument[]
}

/**
 * Projects, sellers, sales and commission lines, ready for buildCommissionDashboard and
 * buildDetailedStats: the sales' lines with their payment parts applied, and the
 * provisional lines of sales registered on this device that the server has not answered
 * yet. `termDays`: the organisation's payment term as last seen.
 */
export function salesDataOf(documents: SalesDocuments, termDays: number): SalesData {
  const { projects, sellers, sales, payments } = documents
  return {
    projects,
    sellers,
    sales: sales as readonly SaleDocument[],
    commissions: [
      ...applyPaymentParts(
        sales.flatMap((sale) => sale.lines as CommissionDocument[]),
        payments,
      ),
      ...getProvisionalLines(sales, termDays),
    ],
    payments,
  }
}

/**
 * The commission lines of sales registered on this device that the server has not
 * answered yet (seq 0): pending, due on the delivery date or the sale date plus the
 * organisation's payment term. They have seq 0 too and disappear when the server's lines
 * arrive.
 */
function getProvisionalLines(sales: readonly SaleDocType[], termDays: number) {
  return sales.flatMap((sale): CommissionDocument[] =>
    sale.seq === 0 && sale.commissions
      ? sale.commissions.map((line, index) => ({
          id: `${sale.id}:${index}`,
          saleId: sale.id,
          sellerId: line.sellerId,
          commissionType: line.commissionType,
          role: line.role,
          commissionPercentage: line.commissionPercentage,
          commissionAmount: line.commissionAmount,
          status: 'pending',
          expectedPaymentDate: getExpectedPaymentDate(sale, termDays),
          paidAt: null,
          createdAt: sale.createdAt,
          updatedAt: sale.updatedAt,
          seq: 0,
          kind: 'commission' as const,
          paidAmount: 0,
          sourceId: null,
          // A sale from plans: the device's own calculation, until the server's lines come.
          planVersionId: line.planVersionId ?? null,
          planTier: line.planTier ?? null,
          planNote: line.planNote ?? null,
        }))
      : [],
  )
}

/** Who reads the dashboard's "Ter beoordeling" list. */
export type Reviewer = {
  id: string
  /** sales.approve: every sale waiting; otherwise the person's own under review or sent back. */
  isApprover: boolean
}

/** A sale on the "Ter beoordeling" list, with its project's name. */
export type ReviewQueueItem = { sale: SaleDocument; projectName: string | null }

/** The Gold Estates dashboard: its figures, the "Ter beoordeling" list and, for a sales ADMIN, the implausible commissions. */
export type LocalSalesDashboard = {
  dashboard: CommissionDashboard
  reviewQueue: ReviewQueueItem[]
  /** Sales whose commission % lies above the organisation's plausible bound, highest first. */
  implausibleCommissions: ReviewQueueItem[]
}

// The dashboard needs no sales list; totals and counts always cover every sale.
const DASHBOARD_PAGE = { offset: 0, limit: 0, upcomingLimit: DASHBOARD_UPCOMING_LIMIT }

/** The dashboard of local data, as of `today` (the server's calendar day). */
function buildLocalSalesDashboard(
  data: SalesData,
  today: string,
  reviewer: Reviewer,
  plausibleCommission: number | undefined,
): LocalSalesDashboard {
  const implausible =
    plausibleCommission === undefined
      ? []
      : findImplausibleSales(data.sales, plausibleCommission).sort(
          (a, b) => b.commissionPercentage - a.commissionPercentage || b.createdAt - a.createdAt,
        )
  return {
    dashboard: buildCommissionDashboard(data, {}, today, DASHBOARD_PAGE),
    reviewQueue: withProjectNames(data, buildReviewQueue(data, reviewer)),
    implausibleCommissions: withProjectNames(data, implausible),
  }
}

function withProjectNames(data: SalesData, sales: SaleDocument[]): ReviewQueueItem[] {
  if (sales.length === 0) return []
  const projects = new Map(data.projects.map((project) => [project.id, project.name]))
  return sales.map((sale) => ({ sale, projectName: projects.get(sale.projectId) ?? null }))
}

/**
 * For an approver the sales waiting for "Goedkeuren" or "Afwijzen" (not their own); for
 * anyone else their own held or sent back. Newest first; cancelled sales left out.
 */
function buildReviewQueue(data: SalesData, reviewer: Reviewer): SaleDocument[] {
  return data.sales
    .filter((sale) => sale.status !== 'cancelled')
    .filter((sale) =>
      reviewer.isApprover
        ? sale.reviewStatus === 'pending' && sale.createdBy !== reviewer.id
        : sale.reviewStatus && sale.createdBy === reviewer.id,
    )
    .sort((a, b) => b.createdAt - a.createdAt)
}

/**
 * Which figures of the local data a screen asks for, as of `today` (the server's day): the
 * dashboard, the statistics screen's, or the commission screen's for its filters and one
 * page of its sales list (all of it for an export).
 */
export type SalesFiguresQuestion =
  | {
      figures: 'dashboard'
      today: string
      reviewer: Reviewer
      /** A sales ADMIN's plausible commission % (the settings): the sales above it are listed. */
      plausibleCommission?: number
    }
  | { figures: 'statistics'; today: string }
  | { figures: 'commissions'; today: string; filters: DashboardFilters; page: SalesListPage }

/** The answer to a question, by the figures it asks for. */
export type SalesFiguresAnswer<Question extends SalesFiguresQuestion> = {
  dashboard: LocalSalesDashboard
  statistics: DetailedStats
  commissions: CommissionDashboard
}[Question['figures']]

/** Answers a question about the figures of local data. */
export function buildSalesFigures<Question extends SalesFiguresQuestion>(
  data: SalesData,
  question: Question,
): SalesFiguresAnswer<Question> {
  const answer =
    question.figures === 'dashboard'
      ? buildLocalSalesDashboard(
          data,
          question.today,
          question.reviewer,
          question.plausibleCommission,
        )
      : question.figures === 'statistics'
        ? buildDetailedStats(data, question.today)
        : buildCommissionDashboard(data, question.filters, question.today, question.page)
  return answer as SalesFiguresAnswer<Question>
}
