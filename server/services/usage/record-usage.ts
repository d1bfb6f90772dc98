import { format } from 'date-fns/format'
import { sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import { usageTracking } from '#schema/db/organisation'
import { GAUGE_METRICS, type UsageReportSchema } from '#schema/usage'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { prepareOnce } from '../../db/prepare-once.ts'

/**
 * Adds one report to its day's figure: summed, or for a gauge (db_bytes) the day's
 * highest value. One upsert, so concurrent reports are all counted.
 */
export function recordUsage(
  db: OrganisationDb,
  target: { organisationId: string; appConnectionId: string },
  report: z.infer<typeof UsageReportSchema>,
) {
  const isGauge = GAUGE_METRICS.has(report.metric)
  upsertOf(db, isGauge).run({
    id: uuidv7(),
    organisationId: target.organisationId,
    appConnectionId: target.appConnectionId,
    date: report.date ?? format(new Date(), 'yyyy-MM-dd'),
    metric: report.metric,
    value: report.value,
    cost: report.metric === 'cost_cents' ? Math.round(report.value) : 0,
  })
}

/** The upsert of a day's figure, built once per connection (apps report thousands a day). */
function upsertOf(db: OrganisationDb, isGauge: boolean) {
  return prepareOnce(db, isGauge ? 'record-usage-gauge' : 'record-usage-sum', () =>
    db
      .insert(usageTracking)
      .values({
        id: sql.placeholder('id'),
        organisationId: sql.placeholder('organisationId'),
        appConnectionId: sql.placeholder('appConnectionId'),
        date: sql.placeholder('date'),
        metric: sql.placeholder('metric'),
        value: sql.placeholder('value'),
        cost: sql.placeholder('cost'),
      })
      .onConflictDoUpdate({
        target: [usageTracking.appConnectionId, usageTracking.date, usageTracking.metric],
        set: {
          value: isGauge
            ? sql`max(${usageTracking.value}, excluded.value)`
            : sql`${usageTracking.value} + excluded.value`,
          cost: sql`${usageTracking.cost} + excluded.cost`,
        },
      })
      .prepare(),
  )
}
