import { desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { activities } from '#schema/db/organisation'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { toActivityDocument } from '../services/activities/to-activity-document.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'

const ACTIVITY_PAGE = 200

/** GET /api/activities (mounted at /activities): the newest entries of the activity log. */
export function activityRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => {
    const ctx = requireServiceContext(deps, c)
    requirePermission(ctx.actor, 'activities.read')
    const rows = ctx.db
      .select()
      .from(activities)
      .where(eq(activities.deleted, false))
      .orderBy(desc(activities.timestamp), desc(activities.seq))
      .limit(ACTIVITY_PAGE)
      .all()
    return c.json(rows.map(toActivityDocument))
  })
}
