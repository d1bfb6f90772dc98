import { and, eq } from 'drizzle-orm'
import { usageTracking } from '#schema/db/organisation'
import { describeTooManyMetrics, MAX_METRICS_PER_APP } from '#schema/usage'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { AppError } from '../../errors/app-error.ts'

/**
 * Refuses (400) a metric name the app never reported once it has MAX_METRICS_PER_APP names:
 * otherwise an app key could fill the organisation's file, and every usage answer, with
 * names. Run inside the batch's transaction, so reports arriving together are counted one
 * after the other and the bound holds exactly.
 */
export function requireMetricRoom(
  db: OrganisationDb,
  appConnectionId: string,
  metric: string,
  date: string,
) {
  // The common case, a name reported earlier today, is one lookup in the day's unique index.
  const today = db
    .select({ id: usageTracking.id })
    .from(usageTracking)
    .where(
      and(
        eq(usageTracking.appConnectionId, appConnectionId),
        eq(usageTracking.date, date),
        eq(usageTracking.metric, metric),
      ),
    )
    .get()
  if (today) return
  const names = db
    .selectDistinct({ metric: usageTracking.metric })
    .from(usageTracking)
    .where(eq(usageTracking.appConnectionId, appConnectionId))
    .limit(MAX_METRICS_PER_APP + 1)
    .all()
    .map((row) => row.metric)
  if (names.length < MAX_METRICS_PER_APP || names.includes(metric)) return
  const message = describeTooManyMetrics(metric)
  throw new AppError('invalid_input', message, { errors: [{ path: 'metric', message }] })
}
