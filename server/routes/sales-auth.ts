import { Hono } from 'hono'
import { LoginSchema } from '#schema/auth'
import { SALES_ROLE_PERMISSIONS } from '#schema/permissions'
import type { SalesRole } from '#schema/roles'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import {
  clearSessionCookie,
  deleteSession,
  readSessionToken,
  setSessionCookie,
} from '../auth/sessions.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { getClientAddress } from '../http/client-address.ts'
import { requireOwnSession } from '../http/require-named-account.ts'
import { validate } from '../http/validate.ts'
import { prepareSalesReadModel } from '../services/sales/sales-read-model.ts'
import { signInSalesUser } from '../services/sales-accounts/sign-in-sales-user.ts'

function toSalesUserView(
  user: {
    id: string
    name: string
    email: string
    role: SalesRole
    status: string
    organizationId: string
  },
  sellerId: string | null,
) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    organizationId: user.organizationId,
    sellerId,
  }
}

/** Gold Estates sign-in with its own session cookie (docs/behaviour.md, Sales area). */
export function salesAuthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/gold-estates/auth/login', validate('json', LoginSchema), async (c) => {
      const { email, password } = c.req.valid('json')
      const address = getClientAddress(c, deps.env.TRUST_PROXY)
      const { user, session } = await signInSalesUser(deps, { email, password, address })
      setSessionCookie(c, 'sales', session.token, session.expire)
      if (SALES_ROLE_PERMISSIONS[user.role].includes('sales.read.all')) {
        prepareSalesReadModel(deps.organisations.get(user.organizationId))
      }
      return c.json({ user: toSalesUserView(user, null) })
    })
    .get('/gold-estates/auth/user', (c) => {
      const ctx = requireSalesContext(deps, c)
      return c.json(toSalesUserView(ctx.salesUser, ctx.actor.sellerId ?? null))
    })
    .post('/gold-estates/auth/logout', (c) => {
      // A logout that waited on a device never ends a session someone else opened since.
      requireOwnSession(deps, c, 'sales')
      const token = readSessionToken(c, 'sales')
      if (token) deleteSession(deps.systemDb, token, 'sales')
      clearSessionCookie(c, 'sales')
      return c.json({ message: 'Uitgelogd' })
    })
}
