import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { createSession, setSessionCookie } from '../auth/sessions.ts'
import { getSalesBase } from '../http/sales-base.ts'
import { prepareSalesReadModel } from '../services/sales/sales-read-model.ts'
import { launchGoldEstates } from '../services/sales-accounts/launch-gold-estates.ts'

/** Admin actions of the central area. */
export function adminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/launch-gold-estates', (c) => {
    const ctx = requireServiceContext(deps, c)
    const { salesUserId } = launchGoldEstates(ctx)
    const session = createSession(deps.systemDb, {
      kind: 'sales',
      userId: salesUserId,
      organizationId: ctx.actor.organisationId,
    })
    setSessionCookie(c, 'sales', session.token, session.expire)
    prepareSalesReadModel(ctx.db)
    return c.json({ url: `${getSalesBase(c, deps.env.SALES_HOST)}/dashboard` })
  })
}
