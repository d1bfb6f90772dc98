import { desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { OrganizationUpdateSchema } from '#schema/central'
import { activities } from '#schema/db/organisation'
import { requireServiceContext } from '../auth/require-service-context.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { toActivityDocument } from '../services/activities/to-activity-document.ts'
import { getOrganisation } from '../services/organisation/get-organisation.ts'
import { updateOrganisation } from '../services/organisation/update-organisation.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'
import { getStats } from '../services/stats/get-stats.ts'

const ACTIVITY_PAGE = 200

/** Dashboard figures, the activity log and the organisation's details. */
export function organisationDataRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/stats', (c) => c.json(getStats(requireServiceContext(deps, c))))
    .get('/activities', (c) => {
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
    .get('/organization', (c) => c.json(getOrganisation(requireServiceContext(deps, c))))
    .patch('/organization', validate('json', OrganizationUpdateSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(c, ctx, 200, () => updateOrganisation(ctx, c.req.valid('json')))
    })
}
