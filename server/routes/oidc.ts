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
      return c.redirect(await deps.oidc.finish(c))
    })
}
