import { Hono } from 'hono'
import {
  LoginSchema,
  OrganisationChoiceSchema,
  RegisterSchema,
  SetupTokenParamSchema,
  SimpleSetupSchema,
  TokenSetupSchema,
} from '#schema/auth'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireCentralUser } from '../auth/current-central-user.ts'
import { createSession, setSessionCookie } from '../auth/sessions.ts'
import { getClientAddress } from '../http/client-address.ts'
import { getSalesBase } from '../http/sales-base.ts'
import { validate } from '../http/validate.ts'
import { chooseCentralOrganisation } from '../services/accounts/choose-central-organisation.ts'
import { completeSetup } from '../services/accounts/complete-setup.ts'
import type { StoredUser } from '../services/accounts/create-central-user.ts'
import { createFirstSuperadmin } from '../services/accounts/create-first-superadmin.ts'
import { registerUser, requireRegistrationPossible } from '../services/accounts/register-user.ts'
import { signInWithPassword } from '../services/accounts/sign-in-with-password.ts'
import { toCurrentUser } from '../services/accounts/to-current-user.ts'
import { resolvePermissions } from '../services/permissions/resolve-permissions.ts'

/** Sign-in, registration and setup, mounted at /auth (docs/behaviour.md, Signed out). */
export function authRoutes(deps: AppDeps) {
  const describe = (user: StoredUser) =>
    toCurrentUser(
      user,
      resolvePermissions(deps.organisations.get(user.organisationId), user, user.organisationId),
    )
  return (
    new Hono<AppEnv>()
      .post('/simple-setup', validate('json', SimpleSetupSchema), async (c) => {
        const user = await deps.throttles.setup.countFailure(
          getClientAddress(c, deps.env.TRUST_PROXY),
          () => createFirstSuperadmin(deps, c.req.valid('json')),
        )
        const session = createSession(deps.systemDb, {
          kind: 'central',
          userId: user.id,
          organisationId: user.organisationId,
        })
        setSessionCookie(c, 'central', { ...session, organisationId: user.organisationId })
        // The sign-in wrote lastActive: the organisation's devices hear of it (app.ts).
        c.set('organisationId', user.organisationId)
        return c.json({ message: 'SUPERADMIN aangemaakt', user: describe(user) }, 201)
      })
      .get('/registration', (c) => c.json({ mode: deps.env.REGISTRATION }))
      // Whether single sign-on is configured (OIDC_ISSUER): the login page shows its buttons.
      .get('/sign-in-options', (c) => c.json({ sso: deps.oidc !== null }))
      .post('/register/email', validate('json', RegisterSchema), async (c) => {
        const input = c.req.valid('json')
        // Closed, a taken address and the throttle answer before a password is hashed.
        requireRegistrationPossible(deps, input.email, input.organisationId)
        const address = getClientAddress(c, deps.env.TRUST_PROXY)
        await deps.throttles.registration.check(address)
        await deps.throttles.registration.record(address)
        const user = await registerUser(deps, input)
        return c.json(
          user.awaitingApproval
            ? {
                message: 'Registratie ontvangen. Een beheerder moet je account nog goedkeuren.',
                status: 'awaiting_approval',
              }
            : { message: 'Registratie geslaagd', status: 'active' },
          201,
        )
      })
      .post('/login/email', validate('json', LoginSchema), async (c) => {
        const { email, password } = c.req.valid('json')
        const address = getClientAddress(c, deps.env.TRUST_PROXY)
        const answer = await signInWithPassword(deps, { email, password, address })
        if (answer.choice) return c.json({ choice: answer.choice })
        const { user, session } = answer.signedIn
        setSessionCookie(c, 'central', { ...session, organisationId: user.organisationId })
        // The sign-in wrote lastActive: the organisation's devices hear of it (app.ts).
        c.set('organisationId', user.organisationId)
        return c.json({ user: describe(user) })
      })
      .post('/login/choose', validate('json', OrganisationChoiceSchema), async (c) => {
        const { user, session } = await chooseCentralOrganisation(deps, c.req.valid('json'))
        setSessionCookie(c, 'central', { ...session, organisationId: user.organisationId })
        // The sign-in wrote lastActive: the organisation's devices hear of it (app.ts).
        c.set('organisationId', user.organisationId)
        return c.json({ user: describe(user) })
      })
      .post(
        '/setup/:token',
        validate('param', SetupTokenParamSchema),
        validate('json', TokenSetupSchema),
        async (c) => {
          const { token } = c.req.valid('param')
          const { kind, role } = await deps.throttles.setup.countFailure(
            getClientAddress(c, deps.env.TRUST_PROXY),
            () => completeSetup(deps, { token, password: c.req.valid('json').password }),
          )
          // Where the person signs in next: the central login, or the sales area's.
          const loginPath =
            kind === 'sales' ? `${getSalesBase(c, deps.env.SALES_HOST)}/login` : '/login'
          // The role of the account this link was for (the page greets the person by it).
          return c.json({ message: 'Setup voltooid. Je kunt nu inloggen.', loginPath, kind, role })
        },
      )
      .get('/user', (c) => c.json(describe(requireCentralUser(deps, c))))
  )
}
