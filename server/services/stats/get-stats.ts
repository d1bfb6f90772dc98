import { and, count, eq, gte, lt, sql } from 'drizzle-orm'
import type { Stats } from '#schema/central'
import {
  ACTIVE_STATUS,
  computeStats,
  getMonthStart,
  getRecentActivitySince,
} from '#schema/dashboard-stats'
import { activities, appConnections, users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/**
 * Dashboard figures: users, apps, the activities of the recent window and the users'
 * growth this month, counted by the same rules as the browser's and made into figures by
 * the same function (computeStats, schema/dashboard-stats.ts). Only the session's own
 * organisation's file is read.
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
  const before = ctx.db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.deleted, false), lt(users.createdAt, getMonthStart(now))))
    .get()
  return computeStats({
    users: { total: userCounts?.total ?? 0, active: userCounts?.active ?? 0 },
    apps: { total: appCounts?.total ?? 0, active: appCounts?.active ?? 0 },
    recentActivities: recent?.total ?? 0,
    usersAtMonthStart: before?.total ?? 0,
  })
}
