import { useDeferredValue, useMemo } from 'react'
import { getPeriodRange } from '#schema/period-presets'
import { buildCommissionDashboard, type SalesData } from '#schema/sales-dashboard'
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

/**
 * The commission dashboard of the local data for the chosen filters and page: the same
 * aggregation as GET /api/gold-estates/commissions/dashboard. Only the shown page of the
 * sales list is built (building all 20,000 items doubles the time); the totals always
 * cover the whole filter. The view is deferred, so selects and pager answer at once while
 * a large selection is recomputed.
 */
export function useCommissionDashboard(data: SalesData, view: CommissionView, today: string) {
  const deferred = useDeferredValue(view)
  const dashboard = useMemo(
    () =>
      buildCommissionDashboard(data, getDashboardFilters(deferred.filters, today), today, {
        offset: deferred.page * deferred.pageSize,
        limit: deferred.pageSize,
        upcomingLimit: deferred.upcomingShown,
      }),
    [data, deferred, today],
  )
  return {
    dashboard,
    shownPage: deferred.page,
    range: getPeriodRange(view.filters.period, today),
    isStale: deferred !== view,
  }
}
