import { Hono } from 'hono'
import { PRODUCT_VERSION } from '#schema/constants'
import type { AppEnv } from '../app-deps.ts'

/** GET /api/health (mounted at /health): liveness and the product version. */
export function healthRoutes() {
  return new Hono<AppEnv>().get('/', (c) => c.json({ status: 'ok', version: PRODUCT_VERSION }))
}
