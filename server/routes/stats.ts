import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { getStats } from '../services/stats/get-stats.ts'

/** GET /api/stats (mounted at /stats): the Dashboard's figures. */
export function statsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => c.json(getStats(requireServiceContext(deps, c))))
}
