import type { Stats } from './central.ts'

/** The Activiteiten card counts the activities of this many milliseconds (spec §7: 7 days). */
export const RECENT_ACTIVITY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000

type Counted = { users: Iterable<{ status: string }>; apps: Iterable<{ status: string }> }
type Dated = { activities: Iterable<{ timestamp: number }> }

function countActive(rows: Iterable<{ status: string }>) {
  let total = 0
  let active = 0
  for (const row of rows) {
    total++
    if (row.status === 'active') active++
  }
  return { total, active }
}

/**
 * The dashboard figures (GET /api/stats) from live rows: users, app connections and
 * activities, none of them deleted. The browser computes its dashboard with this from
 * the local database; the server's SQL must give the same answer.
 */
export function computeStats({ users, apps, activities }: Counted & Dated, now: number): Stats {
  const userCounts = countActive(users)
  const appCounts = countActive(apps)
  const since = now - RECENT_ACTIVITY_WINDOW_MS
  let recentActivities = 0
  for (const activity of activities) if (activity.timestamp >= since) recentActivities++
  return {
    totalUsers: userCounts.total,
    activeUsers: userCounts.active,
    totalApps: appCounts.total,
    activeApps: appCounts.active,
    recentActivities,
  }
}
