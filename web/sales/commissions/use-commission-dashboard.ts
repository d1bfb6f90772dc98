import { useDeferredValue, useMemo } from 'react'
import { getPeriodRange } from '#schema/period-presets'
import { buildCommissionDashboard, type SalesData } from '#schema/sales-dashboard'
import { ALL, type CommissionFilterValues } from './commission-filters.tsx'

/** Every sale and upcoming payment: the screen pages the lists itself, without recomputing. */
const WHOLE_LISTS = {
  offset: 0,
  limit: Number.MAX_SAFE_INTEGER,
  upcomingLimit: Number.MAX_SAFE_INTEGER,
}

const orAbsent = (value: string) => (value === ALL ? undefined : value)

/**
 * The commission dashboard of the local data for the chosen filters: the same
 * aggregation as GET /api/gold-estates/commissions/dashboard. Filters are deferred so the
 * selects answer at once while a large selection is recomputed.
 */
export function useCommissionDashboard(
  data: SalesData,
  values: CommissionFilterValues,
  today: string,
) {
  const deferred = useDeferredValue(values)
  const dashboard = useMemo(
    () =>
      buildCommissionDashboard(
        data,
        {
          ...getPeriodRange(deferred.period, today),
          sellerId: orAbsent(deferred.sellerId),
          projectId: orAbsent(deferred.projectId),
          projectLabel: orAbsent(deferred.projectLabel),
        },
        today,
        WHOLE_LISTS,
      ),
    [data, deferred, today],
  )
  return { dashboard, range: getPeriodRange(values.period, today), isStale: deferred !== values }
}
