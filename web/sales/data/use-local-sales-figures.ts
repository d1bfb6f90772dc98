import { finalize, firstValueFrom, map, merge, type Observable, shareReplay } from 'rxjs'
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
  return useSalesLiveQuery(({ db }) => salesFiguresOf(db, JSON.parse(asked) as Question), [asked])
}

/** The figures of a question, live: those asked ahead for it while held, else asked now. */
export function salesFiguresOf<Question extends SalesFiguresQuestion>(
  db: SalesDatabase['db'],
  question: Question,
): Observable<SalesFiguresAnswer<Question>> {
  const ahead = askedAhead.get(db)?.get(JSON.stringify(question))
  return (
    (ahead as Observable<SalesFiguresAnswer<Question>> | undefined) ??
    liveSalesFigures(db, question)
  )
}

/** Figures asked ahead of the screen that shows them, by database and question, while held. */
const askedAhead = new WeakMap<SalesDatabase['db'], Map<string, Observable<unknown>>>()

/** How long figures asked ahead wait for their screen to take them over. */
const AHEAD_MS = 5000

/**
 * Asks the figures of `question` now, for the screen about to show them (the wizard's
 * press asks the Dashboard's as it navigates there): the database worker builds them while
 * the page renders the screen, whose query then takes over this live one and its answer
 * instead of asking only once mounted. The page's thread is what the press waits on most
 * (measurements/040); this takes the worker's part out of that wait. Live from the ask on,
 * so no change is missed between the ask and the screen; let go after AHEAD_MS when no
 * screen took it, and with the last screen that did.
 */
export function askSalesFiguresAhead(db: SalesDatabase['db'], question: SalesFiguresQuestion) {
  const asked = JSON.stringify(question)
  const byQuestion = askedAhead.get(db) ?? new Map<string, Observable<unknown>>()
  askedAhead.set(db, byQuestion)
  const shared: Observable<unknown> = liveSalesFigures(db, question).pipe(
    finalize(() => {
      if (byQuestion.get(asked) === shared) byQuestion.delete(asked)
    }),
    shareReplay({ bufferSize: 1, refCount: true }),
  )
  byQuestion.set(asked, shared)
  // A failure is the screen's to show, from its own subscription.
  const hold = shared.subscribe({ error: () => {} })
  setTimeout(() => hold.unsubscribe(), AHEAD_MS)
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
