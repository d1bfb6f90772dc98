import { useState } from 'react'
import { map } from 'rxjs'
import type { SalesFiguresQuestion } from '#schema/local-sales-data'
import { getPeriodRange } from '#schema/period-presets'
import type { CommissionDashboard } from '#schema/sales-dashboard'
import { liveSalesFigures } from '../data/use-local-sales-figures.ts'
import { useSalesLiveQuery } from '../data/use-sales-live-query.ts'
import { ALL, type CommissionFilterValues } from './commission-filters.tsx'

/** What the screen shows: the filters, one page of sales and the first upcoming payments. */
export type CommissionView = {
  filters: CommissionFilterValues
  page: number
  pageSize: number
  upcomingShown: number
}

const orAbsent = (value: string) => (value === ALL ? undefined : value)

/** The screen's filter values as the aggregation's filters (the period as dates). */
export function getDashboardFilters(filters: CommissionFilterValues, today: string) {
  return {
    ...getPeriodRange(filters.period, today),
    sellerId: orAbsent(filters.sellerId),
    projectId: orAbsent(filters.projectId),
    projectLabel: orAbsent(filters.projectLabel),
  }
}

/** An answer with the question (as JSON) and the view it was asked for. */
type Answered = { asked: string; view: CommissionView; dashboard: CommissionDashboard }

/**
 * The commission dashboard of the local data for the chosen filters and page: the same
 * aggregation as GET /api/gold-estates/commissions/dashboard, built in the database worker
 * (decision 026), again after each change of the sales area. Only the shown page of the
 * sales list is built and sent; the totals always cover the whole filter. While the answer
 * to a new view comes, the last one stays on screen, marked stale: the selects and the
 * pager answer at once. `dashboard` is absent until the first answer.
 */
export function useCommissionDashboard(view: CommissionView, today: string) {
  const question = {
    figures: 'commissions' as const,
    today,
    filters: getDashboardFilters(view.filters, today),
    page: {
      offset: view.page * view.pageSize,
      limit: view.pageSize,
      upcomingLimit: view.upcomingShown,
    },
  } satisfies SalesFiguresQuestion
  const asked = JSON.stringify(question)
  const query = useSalesLiveQuery(
    ({ db }) =>
      liveSalesFigures(db, question).pipe(
        map((dashboard): Answered => ({ asked, view, dashboard })),
      ),
    [asked],
  )
  // The last answer outlives the next question's loading (React's "state from the
  // previous render"): the screen never falls back to its loading state on a filter.
  const [kept, setKept] = useState<Answered>()
  const latest = query.status === 'ready' ? query.data : kept
  if (latest !== kept) setKept(latest)
  return {
    dashboard: latest?.dashboard,
    shownPage: latest?.view.page ?? view.page,
    range: getPeriodRange(view.filters.period, today),
    isStale: latest !== undefined && latest.asked !== asked,
    error: query.status === 'failed' ? query.error : undefined,
  }
}
