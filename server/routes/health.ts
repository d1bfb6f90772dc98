import { Hono } from 'hono'
import type { AppEnv } from '../app-deps.ts'
import { SERVER_BUILD } from '../build-info.ts'

/** GET /api/health (mounted at /health): liveness and the running build's version and day. */
export function healthRoutes() {
  return new Hono<AppEnv>().get('/', (c) =>
    c.json({ status: 'ok', version: SERVER_BUILD.version, date: SERVER_BUILD.date }),
  )
}
