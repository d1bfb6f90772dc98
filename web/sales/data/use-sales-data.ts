import { combineLatest, map } from 'rxjs'
import { applyPaymentParts } from '#schema/commission-changes'
import { getExpectedPaymentDate } from '#schema/payment-term'
import type { SaleDocType } from '#schema/rx/sales'
import type { CommissionDocument, SaleDocument } from '#schema/sales'
import type { SalesData } from '#schema/sales-dashboard'
import { liveDocs } from '../../lib/live-docs.ts'
import { useSalesLiveQuery } from './use-sales-live-query.ts'
import { readKnownPaymentTermDays } from './use-sales-settings.ts'

const EMPTY: SalesData = { sales: [], commissions: [], projects: [], sellers: [], payments: [] }

/**
 * The commission lines of sales registered on this device that the server has not
 * answered yet (seq 0): pending, due on the delivery date or the sale date plus the
 * organisation's payment term as last seen. They have seq 0 too and disappear when the
 * server's lines arrive.
 */
function getProvisionalLines(sales: readonly SaleDocType[]): CommissionDocument[] {
  const termDays = readKnownPaymentTermDays()
  return sales.flatMap((sale) =>
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
        }))
      : [],
  )
}

/**
 * Projects, sellers, sales and commission lines of the sales area, live from the local
 * database (works offline). Deleted documents are left out; the shapes are schema/sales.ts's
 * documents, ready for buildCommissionDashboard and buildDetailedStats.
 */
export function useSalesData(): { isLoading: boolean; data: SalesData; error?: unknown } {
  const query = useSalesLiveQuery(
    ({ db }) =>
      combineLatest([
        liveDocs(db.projects.find()),
        liveDocs(db.sellers.find()),
        liveDocs(db.sales.find()),
        liveDocs(db.commission_payments.find()),
      ]).pipe(
        map(([projects, sellers, saleDocs, payments]): SalesData => {
          return {
            projects,
            sellers,
            sales: saleDocs as SaleDocument[],
            commissions: [
              ...applyPaymentParts(
                saleDocs.flatMap((sale) => sale.lines as CommissionDocument[]),
                payments,
              ),
              ...getProvisionalLines(saleDocs),
            ],
            payments,
          }
        }),
      ),
    [],
  )
  if (query.status === 'ready') return { isLoading: false, data: query.data }
  if (query.status === 'failed') return { isLoading: false, data: EMPTY, error: query.error }
  return { isLoading: true, data: EMPTY }
}
