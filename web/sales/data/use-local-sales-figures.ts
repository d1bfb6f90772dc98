import { firstValueFrom, map, merge, type Observable } from 'rxjs'
import {
  buildSalesFigures,
  type SalesFiguresAnswer,
  type SalesFiguresQuestion,
} from '#schema/local-sales-data'
import type { SalesDatabase } from '#sync/client/local-database'
import { recomputeOnChange } from '#sync/client/recompute-on-change'
import { buildSalesFiguresInWorker, workerInstanceOf } from '#sync/client/worker-requests'
import type { LiveQuery } from '../../lib/use-live-query.ts'
import { liveSalesData } from './use-sales-data.ts'
import { useSalesLiveQuery } from './use-sales-live-query.ts'
import { readKnownPaymentTermDays } from './use-sales-settings.ts'

/**
 * Figures of the local sales data (the dashboard, the statistics, the commission screen),
 * live. Built in the database worker where there is one (the page gets the figures, not
 * every sale to copy and turn into RxDB documents on its thread: decision 026), again
 * after each change of the sales area; on the page from its live data where there is none.
 */
export function useLocalSalesFigures<Question extends SalesFiguresQuestion>(
  question: Question,
): LiveQuery<SalesFiguresAnswer<Question>> {
  // The question's value, not its object: a new object each render asks nothing new.
  const asked = JSON.stringify(question)
  return useSalesLiveQuery(({ db }) => liveSalesFigures(db, JSON.parse(asked) as Question), [asked])
}

/** Figures of the local sales data once, as they are now (the commission screen's export). */
export function readSalesFigures<Question extends SalesFiguresQuestion>(
  db: SalesDatabase['db'],
  question: Question,
): Promise<SalesFiguresAnswer<Question>> {
  return firstValueFrom(liveSalesFigures(db, question))
}

/** The figures of a question, again after each change of the sales area. */
export function liveSalesFigures<Question extends SalesFiguresQuestion>(
  db: SalesDatabase['db'],
  question: Question,
): Observable<SalesFiguresAnswer<Question>> {
  const salesStorage = db.sales.internalStorageInstance
  if (!workerInstanceOf(salesStorage)) {
    return liveSalesData(db).pipe(map((data) => buildSalesFigures(data, question)))
  }
  const collections = [db.projects, db.sellers, db.sales, db.commission_payments]
  return recomputeOnChange(merge(...collections.map((collection) => collection.eventBulks$)), () =>
    buildSalesFiguresInWorker(salesStorage, {
      schemaVersions: {
        projects: db.projects.schema.version,
        sellers: db.sellers.schema.version,
        commission_payments: db.commission_payments.schema.version,
      },
      termDays: readKnownPaymentTermDays(),
      question,
    }),
  )
}
