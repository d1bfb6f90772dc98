import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { listActivities } from '../services/activities/list-activities.ts'

/** GET /api/activities (mounted at /activities): the newest entries of the activity log. */
export function activityRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => c.json(listActivities(requireServiceContext(deps, c))))
}
