import { and, count, eq, gte, sql } from 'drizzle-orm'
import type { Stats } from '#schema/central'
import { ACTIVE_STATUS, getRecentActivitySince } from '#schema/dashboard-stats'
import { activities, appConnections, users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/**
 * Dashboard figures: users, apps, and the activities of the recent window, counted by the
 * same rules as the browser's (schema/dashboard-stats.ts).
 */
export function getStats(ctx: ServiceContext, now = Date.now()): Stats {
  requirePermission(ctx.actor, 'users.read')
  const userCounts = ctx.db
    .select({
      total: count(),
      active: sql<number>`coalesce(sum(${users.status} = ${ACTIVE_STATUS}), 0)`,
    })
    .from(users)
    .where(eq(users.deleted, false))
    .get()
  const appCounts = ctx.db
    .select({
      total: count(),
      active: sql<number>`coalesce(sum(${appConnections.status} = ${ACTIVE_STATUS}), 0)`,
    })
    .from(appConnections)
    .where(eq(appConnections.deleted, false))
    .get()
  const recent = ctx.db
    .select({ total: count() })
    .from(activities)
    .where(
      and(eq(activities.deleted, false), gte(activities.timestamp, getRecentActivitySince(now))),
    )
    .get()
  return {
    totalUsers: userCounts?.total ?? 0,
    activeUsers: userCounts?.active ?? 0,
    totalApps: appCounts?.total ?? 0,
    activeApps: appCounts?.active ?? 0,
    recentActivities: recent?.total ?? 0,
  }
}
