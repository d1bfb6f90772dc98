import { type Context, Hono } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { clearSignInCookies, readSessionToken } from '../auth/sessions.ts'
import { requireOwnSession } from '../http/require-named-account.ts'
import { endSession } from '../system-directory/session-lifetime.ts'
import { createLogoutPage } from './logout-page.ts'

/**
 * POST /api/logout (mounted at /logout): ends the sessions of this browser. The page's call
 * names the person logging out: a logout that waited on a device while someone else signed
 * in there is refused (409 of another account) and ends nothing. A form's post (the page
 * below) is sent back to '/'.
 * GET /api/logout: a page that asks "Wil je uitloggen?" and ends nothing, so a link from
 * another site cannot log anyone out.
 */
export function logoutRoutes(deps: AppDeps, webRoot: string) {
  const logoutPage = createLogoutPage(webRoot)
  const endSessions = async (c: Context<AppEnv>) => {
    // Signing out of Centraal also ends a Gold Estates session in the same browser (one
    // a launch opened, or a seller's): on a shared device nothing stays signed in.
    for (const kind of ['central', 'sales'] as const) {
      const token = readSessionToken(c, kind)
      if (token) await endSession(deps.directory, token, kind)
      clearSignInCookies(c, kind)
    }
  }
  return new Hono<AppEnv>()
    .get('/', (c) => {
      c.header('Cache-Control', 'no-store')
      return c.html(logoutPage())
    })
    .post('/', async (c) => {
      requireOwnSession(deps, c, 'central')
      await endSessions(c)
      const isForm = c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded')
      if (isForm) return c.redirect('/', 303)
      return c.json({ message: 'Uitgelogd' })
    })
}
