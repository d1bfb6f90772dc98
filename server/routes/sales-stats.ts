import { format } from 'date-fns/format'
import { Hono } from 'hono'
import { buildDetailedStats } from '#schema/sales-dashboard'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { loadSalesData } from '../services/sales/load-sales-data.ts'

/** The Statistics screen's figures (docs/behaviour.md, Statistics), at /gold-estates/stats. */
export function salesStatsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/detailed', (c) =>
    c.json(
      buildDetailedStats(
        loadSalesData(requireSalesContext(deps, c)),
        format(new Date(), 'yyyy-MM-dd'),
      ),
    ),
  )
}
