import { Hono } from 'hono'
import { clearSessionCookie, deleteSession, readSessionToken } from '../auth/sessions.ts'
import type { AppDeps, AppEnv } from '../context.ts'

/** GET /api/logout (mounted at /logout): ends the sessions of this browser, back to '/'. */
export function logoutRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => {
    // Signing out of Centraal also ends a Gold Estates session in the same browser (one
    // a launch opened, or a seller's): on a shared device nothing stays signed in.
    for (const kind of ['central', 'sales'] as const) {
      const token = readSessionToken(c, kind)
      if (token) deleteSession(deps.systemDb, token)
      clearSessionCookie(c, kind)
    }
    return c.redirect('/')
  })
}
