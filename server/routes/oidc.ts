import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../context.ts'

const NOT_CONFIGURED = 'SSO is not configured for this installation. Sign in with your e-mail and password.'

/** SSO sign-in with OpenID Connect (GET /api/login and its callback). */
export function oidcRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/login', async (c) => {
    if (!deps.oidc) return c.redirect(`/login?error=${encodeURIComponent(NOT_CONFIGURED)}`)
    return c.redirect(await deps.oidc.start(c))
  })
}
