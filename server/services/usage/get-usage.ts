import { format } from 'date-fns/format'
import { subDays } from 'date-fns/subDays'
import { and, asc, eq, gte, lte } from 'drizzle-orm'
import { usageTracking } from '#schema/db/organisation'
import { findLatestUsageDate, GAUGE_METRICS, type UsageSummary } from '#schema/usage'
import type { ServiceContext } from '../../context.ts'
import { requireLiveAppConnection } from '../app-connections/require-live-app-connection.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** An app connection's usage over the last `days` days: per day and totals per metric. */
export function getUsage(ctx: ServiceContext, appConnectionId: string, days: number): UsageSummary {
  requirePermission(ctx.actor, 'apps.read')
  const app = requireLiveAppConnection(ctx, appConnectionId)
  const to = format(new Date(), 'yyyy-MM-dd')
  const from = format(subDays(new Date(), days - 1), 'yyyy-MM-dd')
  const rows = ctx.db
    .select({ date: usageTracking.date, metric: usageTracking.metric, value: usageTracking.value })
    .from(usageTracking)
    // Bounded above too, by the last day a report may carry: a later one (a restore or an
    // older version stored it) is no part of any window, whatever reached the file.
    .where(
      and(
        eq(usageTracking.appConnectionId, appConnectionId),
        gte(usageTracking.date, from),
        lte(usageTracking.date, findLatestUsageDate(Date.now())),
      ),
    )
    .orderBy(asc(usageTracking.date), asc(usageTracking.metric))
    .all()
  const totals: Record<string, number> = {}
  for (const row of rows) {
    totals[row.metric] = GAUGE_METRICS.has(row.metric)
      ? Math.max(totals[row.metric] ?? 0, row.value)
      : (totals[row.metric] ?? 0) + row.value
  }
  return { from, to, days: rows, totals, hasApiKey: app.apiKeyHash !== null }
}
