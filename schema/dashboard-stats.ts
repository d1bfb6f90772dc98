import type { Stats } from './central.ts'

/** The sales dashboard shows at most this many upcoming payments (docs/behaviour.md, Constants). */
export const DASHBOARD_UPCOMING_LIMIT = 5

/** The Activiteiten card counts the activities of this many milliseconds (docs/behaviour.md: 7 days). */
export const RECENT_ACTIVITY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000

/** The one status that counts as active for users and apps (docs/behaviour.md, Constants); anything else does not. */
export const ACTIVE_STATUS = 'active' as const

/** How many live rows a collection holds and how many of them are active. */
export type StatusTally = { total: number; active: number }

/** The first timestamp inside the recent-activities window ending at `now`. */
export function getRecentActivitySince(now: number): number {
  return now - RECENT_ACTIVITY_WINDOW_MS
}

/** Tallies live rows by status; a database can give the same two numbers from an index. */
export function tallyStatuses(rows: Iterable<{ status: string }>): StatusTally {
  let total = 0
  let active = 0
  for (const row of rows) {
    total++
    if (row.status === ACTIVE_STATUS) active++
  }
  return { total, active }
}

/** How many of the activities fall inside the recent window ending at `now`. */
export function countRecentActivities(rows: Iterable<{ timestamp: number }>, now: number) {
  const since = getRecentActivitySince(now)
  let count = 0
  for (const row of rows) if (row.timestamp >= since) count++
  return count
}

/**
 * The dashboard figures (GET /api/stats) from the tallies of live users and apps and the
 * number of recent activities. The browser feeds it index counts of its local database
 * (`ACTIVE_STATUS`, `getRecentActivitySince`), which stay fast with 10,000 users; the
 * server's SQL must give the same answer on the same rows.
 */
export function computeStats(input: {
  users: StatusTally
  apps: StatusTally
  recentActivities: number
}): Stats {
  return {
    totalUsers: input.users.total,
    activeUsers: input.users.active,
    totalApps: input.apps.total,
    activeApps: input.apps.active,
    recentActivities: input.recentActivities,
  }
}
