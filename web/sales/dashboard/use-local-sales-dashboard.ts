import { map, merge, type Observable } from 'rxjs'
import {
  buildLocalSalesDashboard,
  type LocalSalesDashboard,
  type Reviewer,
} from '#schema/local-sales-data'
import type { SalesDatabase } from '#sync/client/local-database'
import { buildSalesDashboardInWorker, workerInstanceOf } from '#sync/client/worker-requests'
import { recomputeOnChange } from '../../lib/recompute-on-change.ts'
import type { LiveQuery } from '../../lib/use-live-query.ts'
import { liveSalesData } from '../data/use-sales-data.ts'
import { useSalesLiveQuery } from '../data/use-sales-live-query.ts'
import { readKnownPaymentTermDays } from '../data/use-sales-settings.ts'

/**
 * The Gold Estates dashboard of the local database, live. Built in the database worker
 * where there is one (the page gets the figures, not every sale to copy and turn into
 * RxDB documents on its thread: decision 026), again after each change of the sales area;
 * on the page from its live data where there is none.
 */
export function useLocalSalesDashboard(
  today: string,
  reviewer: Reviewer,
): LiveQuery<LocalSalesDashboard> {
  const { id, isApprover } = reviewer
  return useSalesLiveQuery(
    ({ db }) => liveSalesDashboard(db, today, { id, isApprover }),
    [today, id, isApprover],
  )
}

function liveSalesDashboard(
  db: SalesDatabase['db'],
  today: string,
  reviewer: Reviewer,
): Observable<LocalSalesDashboard> {
  const salesStorage = db.sales.internalStorageInstance
  if (!workerInstanceOf(salesStorage)) {
    return liveSalesData(db).pipe(map((data) => buildLocalSalesDashboard(data, today, reviewer)))
  }
  const collections = [db.projects, db.sellers, db.sales, db.commission_payments]
  return recomputeOnChange(merge(...collections.map((collection) => collection.eventBulks$)), () =>
    buildSalesDashboardInWorker(salesStorage, {
      schemaVersions: {
        projects: db.projects.schema.version,
        sellers: db.sellers.schema.version,
        commission_payments: db.commission_payments.schema.version,
      },
      today,
      termDays: readKnownPaymentTermDays(),
      reviewer,
    }),
  )
}
