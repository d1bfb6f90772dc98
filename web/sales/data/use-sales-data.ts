import { combineLatest, map, type Observable } from 'rxjs'
import { salesDataOf } from '#schema/local-sales-data'
import type { SaleDocType } from '#schema/rx/sales'
import type { SalesData } from '#schema/sales-dashboard'
import type { SalesDatabase } from '#sync/client/local-database'
import { liveDocs } from '../../lib/live-docs.ts'
import { useSalesLiveQuery } from './use-sales-live-query.ts'
import { readKnownPaymentTermDays } from './use-sales-settings.ts'

const EMPTY: SalesData = { sales: [], commissions: [], projects: [], sellers: [], payments: [] }

/**
 * Projects, sellers, sales and commission lines of the sales area, live from the local
 * database (works offline). Deleted documents are left out; the shapes are schema/sales.ts's
 * documents, ready for buildCommissionDashboard and buildDetailedStats (salesDataOf).
 */
export function useSalesData(): { isLoading: boolean; data: SalesData; error?: unknown } {
  const query = useSalesLiveQuery(({ db }) => liveSalesData(db), [])
  if (query.status === 'ready') return { isLoading: false, data: query.data }
  if (query.status === 'failed') return { isLoading: false, data: EMPTY, error: query.error }
  return { isLoading: true, data: EMPTY }
}

/** The sales area's data of a local database, live (useSalesData's source). */
export function liveSalesData(db: SalesDatabase['db']): Observable<SalesData> {
  return combineLatest([
    liveDocs(db.projects.find()),
    liveDocs(db.sellers.find()),
    liveDocs(db.sales.find()),
    liveDocs(db.commission_payments.find()),
  ]).pipe(
    map(([projects, sellers, sales, payments]) =>
      salesDataOf(
        { projects, sellers, sales: sales as SaleDocType[], payments },
        readKnownPaymentTermDays(),
      ),
    ),
  )
}
