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

/** The organisation's calendar: months begin at midnight in the Netherlands. */
export const GROWTH_TIME_ZONE = 'Europe/Amsterdam'

const HOUR_MS = 60 * 60 * 1000

/** The last Sunday of a month (0-based) of a year, at 01:00 UTC: when the EU's clocks change. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0))
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1)
}

/**
 * The wall-clock time `at` shows in GROWTH_TIME_ZONE, read as if it were UTC: summer time
 * (UTC+2) from the last Sunday of March to the last Sunday of October, at 01:00 UTC both,
 * the EU's rule since 1996; UTC+1 otherwise. Worked out rather than asked of `Intl`: the
 * first `Intl.DateTimeFormat` with a time zone loads the browser's time-zone data, 45–100
 * ms of the page's start for a module the entry loads (issue 49).
 * tests/unit/dashboard-stats.test.ts holds it to `Intl`'s answer, so a change of the rule
 * in the time-zone data fails there.
 */
function readWallClock(at: number): number {
  const year = new Date(at).getUTCFullYear()
  const isSummer = at >= lastSundayAtOneUtc(year, 2) && at < lastSundayAtOneUtc(year, 9)
  return at + (isSummer ? 2 : 1) * HOUR_MS
}

/**
 * The first millisecond of the calendar month `now` falls in, in GROWTH_TIME_ZONE: the
 * Groei card's "begin van deze maand", the same on the server and on every device.
 */
export function getMonthStart(now: number): number {
  const wall = new Date(readWallClock(now))
  const firstAsUtc = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), 1)
  // The zone's offset at that midnight (no clock change falls on the first of a month).
  return firstAsUtc - (readWallClock(firstAsUtc) - firstAsUtc)
}

/**
 * The Groei card: how much the organisation's users grew this month, in % with one
 * decimal: today's users against those of them who were there when the month began.
 * null when none was: there is no last month to compare with.
 */
export function computeUserGrowth(users: number, usersAtMonthStart: number): number | null {
  if (usersAtMonthStart <= 0) return null
  return Math.round(((users - usersAtMonthStart) / usersAtMonthStart) * 1000) / 10
}

/**
 * The dashboard figures (GET /api/stats) from the tallies of live users and apps, the
 * number of recent activities and of the live users created before this month. The
 * browser feeds it index counts of its local database (`ACTIVE_STATUS`,
 * `getRecentActivitySince`, `getMonthStart`), which stay fast with 10,000 users; the
 * server feeds it its SQL counts of the same rows.
 */
export function computeStats(input: {
  users: StatusTally
  apps: StatusTally
  recentActivities: number
  usersAtMonthStart: number
}): Stats {
  return {
    totalUsers: input.users.total,
    activeUsers: input.users.active,
    totalApps: input.apps.total,
    activeApps: input.apps.active,
    recentActivities: input.recentActivities,
    usersAtMonthStart: input.usersAtMonthStart,
    userGrowthPercentage: computeUserGrowth(input.users.total, input.usersAtMonthStart),
  }
}
