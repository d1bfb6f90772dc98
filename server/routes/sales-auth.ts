import { type Context, Hono } from 'hono'
import { LoginSchema, OrganisationChoiceSchema } from '#schema/auth'
import { ForgotPasswordSchema } from '#schema/mail'
import { SALES_ROLE_PERMISSIONS } from '#schema/permissions'
import type { SalesRole } from '#schema/roles'
import { seesAllSales } from '#schema/sales-visibility'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { rememberAccount } from '../auth/remembered-account.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { clearSignInCookies, readSessionToken, setSessionCookie } from '../auth/sessions.ts'
import { getClientAddress } from '../http/client-address.ts'
import { readPasswordSignIn } from '../http/read-password-sign-in.ts'
import { requireOwnSession } from '../http/require-named-account.ts'
import { validate } from '../http/validate.ts'
import { toWireAccount } from '../services/accounts/to-wire-account.ts'
import { readOrganisationName } from '../services/own-organisation/read-organisation-name.ts'
import { prepareSalesReadModel } from '../services/sales/sales-read-model.ts'
import { chooseSalesOrganisation } from '../services/sales-accounts/choose-sales-organisation.ts'
import type { openSalesSession } from '../services/sales-accounts/open-sales-session.ts'
import { signInSalesUser } from '../services/sales-accounts/sign-in-sales-user.ts'
import { throttleChoice } from '../services/sign-in/throttle-choice.ts'
import { endSession } from '../system-directory/session-lifetime.ts'
import { answerForgotPassword } from './password-reset.ts'

function toSalesUserView(
  user: {
    id: string
    name: string
    email: string
    role: SalesRole
    status: string
    organisationId: string
  },
  sellerId: string | null,
  organisationName: string,
) {
  return {
    ...toWireAccount(user),
    sellerId,
    /** Shown in the sales header: which organisation this sign-in is in. */
    organisationName,
  }
}

/** Gold Estates sign-in with its own session cookie (mounted at /gold-estates/auth). */
export function salesAuthRoutes(deps: AppDeps) {
  const openSignedIn = async (
    c: Context<AppEnv>,
    { user, session }: Awaited<ReturnType<typeof openSalesSession>>,
  ) => {
    setSessionCookie(c, 'sales', { ...session, organisationId: user.organisationId })
    // This browser's account is always among those its next sign-in checks (decision 033).
    rememberAccount(c, deps.env, 'sales', { organisationId: user.organisationId, userId: user.id })
    // A linked Centraal user's lastActive may have changed: the devices hear of it (app.ts).
    c.set('organisationId', user.organisationId)
    if (seesAllSales(SALES_ROLE_PERMISSIONS[user.role])) {
      prepareSalesReadModel(deps.organisations.get(user.organisationId))
    }
    const organisationName = await readOrganisationName(deps.directory, user.organisationId)
    return toSalesUserView(user, null, organisationName)
  }
  return new Hono<AppEnv>()
    .post('/login', validate('json', LoginSchema), async (c) => {
      const input = readPasswordSignIn(c, deps.env, 'sales', c.req.valid('json'))
      const answer = await signInSalesUser(deps, input)
      if (answer.choice) return c.json({ choice: answer.choice })
      return c.json({ user: await openSignedIn(c, answer.signedIn) })
    })
    .post('/login/choose', validate('json', OrganisationChoiceSchema), async (c) => {
      const address = getClientAddress(c, deps.env.TRUST_PROXY)
      const chosen = await throttleChoice(
        deps.throttles,
        'sales',
        { address, choiceToken: c.req.valid('json').choiceToken },
        () => chooseSalesOrganisation(deps, c.req.valid('json')),
      )
      return c.json({ user: await openSignedIn(c, chosen) })
    })
    .post('/forgot-password', validate('json', ForgotPasswordSchema), (c) =>
      answerForgotPassword(deps, c, 'sales', c.req.valid('json').email),
    )
    .get('/user', async (c) => {
      const ctx = requireSalesContext(deps, c)
      const name = await readOrganisationName(deps.directory, ctx.actor.organisationId)
      return c.json(toSalesUserView(ctx.salesUser, ctx.actor.sellerId ?? null, name))
    })
    .post('/logout', async (c) => {
      // A logout that waited on a device never ends a session someone else opened since.
      requireOwnSession(deps, c, 'sales')
      const token = readSessionToken(c, 'sales')
      if (token) await endSession(deps.directory, token, 'sales')
      clearSignInCookies(c, 'sales')
      return c.json({ message: 'Uitgelogd' })
    })
}
