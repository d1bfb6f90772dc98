import { combineLatest, map } from 'rxjs'
import type { Stats } from '#schema/central'
import { computeStats, RECENT_ACTIVITY_WINDOW_MS } from '#schema/dashboard-stats'
import type { ActivityDocType } from '#schema/rx/activities'
import { type LiveQuery, useLiveQuery } from '../../lib/use-live-query.ts'

/** How many activities the dashboard feed shows. */
export const RECENT_FEED_SIZE = 6

export type DashboardData = { stats: Stats; recent: ActivityDocType[]; now: number }

/** The dashboard's figures and feed, computed from the local database (works offline). */
export function useDashboardData(): LiveQuery<DashboardData> {
  return useLiveQuery(({ db }) => {
    const since = Date.now() - RECENT_ACTIVITY_WINDOW_MS
    return combineLatest([
      db.users.find().$,
      db.app_connections.find().$,
      db.activities.find({ selector: { timestamp: { $gte: since } } }).$,
      db.activities.find({ sort: [{ timestamp: 'desc' }], limit: RECENT_FEED_SIZE }).$,
    ]).pipe(
      map(([users, apps, recentWindow, feed]) => {
        const now = Date.now()
        return {
          stats: computeStats({ users, apps, activities: recentWindow }, now),
          recent: feed.map((activity) => activity.toJSON() as ActivityDocType),
          now,
        }
      }),
    )
  }, [])
}
