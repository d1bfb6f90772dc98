import { Hono } from 'hono'
import { requireServiceContext } from '../auth/require-service-context.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { getStats } from '../services/stats/get-stats.ts'

/** GET /api/stats (mounted at /stats): the Dashboard's figures. */
export function statsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => c.json(getStats(requireServiceContext(deps, c))))
}
