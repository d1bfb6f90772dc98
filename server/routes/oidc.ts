import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { getLoginErrorPath } from '../auth/oidc.ts'

/** SSO sign-in with OpenID Connect, mounted at /login (GET /api/login and its callback). */
export function oidcRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      if (!deps.oidc) return c.redirect(getLoginErrorPath('sso_not_configured'))
      return c.redirect(await deps.oidc.start(c))
    })
    .get('/callback', async (c) => {
      if (!deps.oidc) return c.redirect(getLoginErrorPath('sso_not_configured'))
      const location = await deps.oidc.finish(c)
      // A GET, which the app's middleware does not announce: the sign-in wrote lastActive.
      const organisationId = c.get('organisationId')
      if (organisationId) deps.syncHub.notify(organisationId)
      return c.redirect(location)
    })
}
