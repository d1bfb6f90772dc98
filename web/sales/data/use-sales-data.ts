import { combineLatest, map, type Observable, of } from 'rxjs'
import { salesDataOf } from '#schema/local-sales-data'
import type { SaleDocType } from '#schema/rx/sales'
import type { SalesData } from '#schema/sales-dashboard'
import type { SalesDatabase } from '#sync/client/local-database'
import { liveDocs } from '../../lib/live-docs.ts'
import { useSalesLiveQuery } from './use-sales-live-query.ts'
import { readKnownPaymentTermDays } from './use-sales-settings.ts'

const EMPTY: SalesData = { sales: [], commissions: [], projects: [], sellers: [], payments: [] }

/**
 * Which sales a screen reads with the projects and sellers: every one (the lists and
 * figures), one (a sale's own screens: its id) or none (the wizard's choices). A sale's
 * screens and the wizard then never copy thousands of sales to the page.
 */
type SalesScope = 'every' | 'none' | { saleId: string }

type SalesDataState = { isLoading: boolean; data: SalesData; error?: unknown }

/**
 * Projects, sellers, one sale (none while it is not here) and its commission lines and
 * payment parts, live from the local database (works offline). Deleted documents are left
 * out; the shapes are schema/sales.ts's documents (salesDataOf). Screens that show figures
 * of every sale ask the database worker for them (useLocalSalesFigures).
 */
export function useSaleData(saleId: string): SalesDataState {
  return useScopedSalesData(`sale:${saleId}`)
}

/** As useSaleData, with the projects and sellers only: no sales. */
export function useSalesCatalog(): SalesDataState {
  return useScopedSalesData('none')
}

/** `scope`: 'none' or 'sale:' and a sale's id (a string, so the query's dependency). */
function useScopedSalesData(scope: 'none' | `sale:${string}`): SalesDataState {
  const query = useSalesLiveQuery(
    ({ db }) =>
      liveSalesData(db, scope === 'none' ? scope : { saleId: scope.slice('sale:'.length) }),
    [scope],
  )
  if (query.status === 'ready') return { isLoading: false, data: query.data }
  if (query.status === 'failed') return { isLoading: false, data: EMPTY, error: query.error }
  return { isLoading: true, data: EMPTY }
}

/** The sales area's data of a local database, live (the figures' source without a worker). */
export function liveSalesData(
  db: SalesDatabase['db'],
  scope: SalesScope = 'every',
): Observable<SalesData> {
  const ofSale = typeof scope === 'object' ? scope : undefined
  return combineLatest([
    liveDocs(db.projects.find()),
    liveDocs(db.sellers.find()),
    scope === 'none'
      ? of([])
      : liveDocs(db.sales.find(ofSale && { selector: { id: ofSale.saleId } })),
    scope === 'none'
      ? of([])
      : liveDocs(db.commission_payments.find(ofSale && { selector: ofSale })),
  ]).pipe(
    map(([projects, sellers, sales, payments]) =>
      salesDataOf(
        { projects, sellers, sales: sales as SaleDocType[], payments },
        readKnownPaymentTermDays(),
      ),
    ),
  )
}
