import type { RxDatabase } from 'rxdb'
import { combineLatest, map, type Observable } from 'rxjs'
import {
  ACTIVE_STATUS,
  computeStats,
  getMonthStart,
  getRecentActivitySince,
} from '#schema/dashboard-stats'
import { USER_STATUSES } from '#schema/roles'
import type { CentralCollections } from '#sync/client/collections'
import { countLiveDocuments } from '#sync/client/count-live-documents'
import { liveDocs } from '../../lib/live-docs.ts'
import { type LiveQuery, useLiveQuery } from '../../lib/use-live-query.ts'
import { type DashboardData, RECENT_FEED_SIZE } from './dashboard-content.tsx'

// A user's status is one of USER_STATUSES, so active users are all users minus the
// (few) others: one count over the whole index instead of two.
const OTHER_USER_STATUSES = USER_STATUSES.filter((status) => status !== ACTIVE_STATUS)

/**
 * The dashboard's figures and feed from the local database (works offline). The figures
 * come from counts, not from reading every row: the first render stays fast with 10,000
 * users (countLiveDocuments for the big total, index counts for the small rest).
 */
export function useDashboardData(): LiveQuery<DashboardData> {
  return useLiveQuery(({ db }) => watchDashboardData(db), [])
}

/**
 * What useDashboardData shows, kept current: the figures counted in the local database
 * `db` at `now` (the recent window and the month's start), and the newest activities.
 * Outside React so that a test runs the counts the browser runs.
 */
export function watchDashboardData(
  db: RxDatabase<CentralCollections>,
  now = Date.now(),
): Observable<DashboardData> {
  const since = getRecentActivitySince(now)
  const monthStart = getMonthStart(now)
  const active = { selector: { status: ACTIVE_STATUS } } as const
  const otherUsers = combineLatest(
    OTHER_USER_STATUSES.map((status) => db.users.count({ selector: { status } }).$),
  ).pipe(map((counts) => counts.reduce((sum, count) => sum + count, 0)))
  return combineLatest([
    countLiveDocuments(db.users),
    otherUsers,
    db.app_connections.count().$,
    db.app_connections.count(active).$,
    db.activities.count({ selector: { timestamp: { $gte: since } } }).$,
    db.users.count({ selector: { createdAt: { $lt: monthStart } } }).$,
    liveDocs(db.activities.find({ sort: [{ timestamp: 'desc' }], limit: RECENT_FEED_SIZE })),
  ]).pipe(
    map(([users, otherUsers, apps, activeApps, recentActivities, usersAtMonthStart, feed]) => ({
      stats: computeStats({
        users: { total: users, active: users - otherUsers },
        apps: { total: apps, active: activeApps },
        recentActivities,
        usersAtMonthStart,
      }),
      recent: feed,
      now: Date.now(),
    })),
  )
}
