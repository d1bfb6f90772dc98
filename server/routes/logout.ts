import { type Context, Hono } from 'hono'
import { clearSessionCookie, deleteSession, readSessionToken } from '../auth/sessions.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { requireOwnSession } from '../http/require-named-account.ts'

/**
 * GET /api/logout (mounted at /logout): ends the sessions of this browser, back to '/'.
 * POST /api/logout: the same for the page, which names the person logging out; a logout
 * that waited on a device while someone else signed in there is refused (409 of another
 * account) and ends nothing.
 */
export function logoutRoutes(deps: AppDeps) {
  const endSessions = (c: Context<AppEnv>) => {
    // Signing out of Centraal also ends a Gold Estates session in the same browser (one
    // a launch opened, or a seller's): on a shared device nothing stays signed in.
    for (const kind of ['central', 'sales'] as const) {
      const token = readSessionToken(c, kind)
      if (token) deleteSession(deps.systemDb, token)
      clearSessionCookie(c, kind)
    }
  }
  return new Hono<AppEnv>()
    .get('/', (c) => {
      endSessions(c)
      return c.redirect('/')
    })
    .post('/', (c) => {
      requireOwnSession(deps, c, 'central')
      endSessions(c)
      return c.json({ message: 'Uitgelogd' })
    })
}
