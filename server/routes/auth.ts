import { Hono } from 'hono'
import {
  LoginSchema,
  OrganisationChoiceSchema,
  RegisterSchema,
  SetupTokenParamSchema,
  SimpleSetupSchema,
  SwitchOrganisationSchema,
  TokenSetupSchema,
} from '#schema/auth'
import type { SessionData } from '#schema/db/system'
import { ForgotPasswordSchema, ResetTokenParamSchema } from '#schema/mail'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireCentralSignIn } from '../auth/current-central-user.ts'
import { rememberAccount } from '../auth/remembered-account.ts'
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../auth/sessions.ts'
import { getClientAddress } from '../http/client-address.ts'
import { readPasswordSignIn } from '../http/read-password-sign-in.ts'
import { requireOwnSession } from '../http/require-named-account.ts'
import { getSalesBase } from '../http/sales-base.ts'
import { validate } from '../http/validate.ts'
import { chooseCentralOrganisation } from '../services/accounts/choose-central-organisation.ts'
import { completeSetup } from '../services/accounts/complete-setup.ts'
import type { StoredUser } from '../services/accounts/create-central-user.ts'
import { createFirstSuperadmin } from '../services/accounts/create-first-superadmin.ts'
import { describeSignedInOrganisation } from '../services/accounts/describe-signed-in-organisation.ts'
import {
  describeRegistrationAnswer,
  registerOrNotify,
} from '../services/accounts/register-or-notify.ts'
import { requireRegistrationOpen } from '../services/accounts/register-user.ts'
import { signInWithPassword } from '../services/accounts/sign-in-with-password.ts'
import { switchCentralOrganisation } from '../services/accounts/switch-central-organisation.ts'
import { toCurrentUser } from '../services/accounts/to-current-user.ts'
import { resetPassword } from '../services/password-reset/reset-password.ts'
import { resolvePermissions } from '../services/permissions/resolve-permissions.ts'
import { throttleChoice } from '../services/sign-in/throttle-choice.ts'
import { endSession, openSession } from '../system-directory/session-lifetime.ts'
import { answerForgotPassword } from './password-reset.ts'

/** Sign-in, registration and setup, mounted at /auth (docs/behaviour.md, Signed out). */
export function authRoutes(deps: AppDeps) {
  const describe = async (user: StoredUser, session?: Pick<SessionData, 'provenAccounts'>) => ({
    ...toCurrentUser(
      user,
      resolvePermissions(deps.organisations.get(user.organisationId), user, user.organisationId),
    ),
    ...(await describeSignedInOrganisation(deps, {
      organisationId: user.organisationId,
      provenAccounts: session?.provenAccounts,
    })),
  })
  return (
    new Hono<AppEnv>()
      .post('/simple-setup', validate('json', SimpleSetupSchema), async (c) => {
        const user = await deps.throttles.setup.countFailure(
          getClientAddress(c, deps.env.TRUST_PROXY),
          () => createFirstSuperadmin(deps, c.req.valid('json')),
        )
        const session = await openSession(deps.directory, {
          kind: 'central',
          userId: user.id,
          organisationId: user.organisationId,
        })
        setSessionCookie(c, 'central', { ...session, organisationId: user.organisationId })
        // The sign-in wrote lastActive: the organisation's devices hear of it (app.ts).
        c.set('organisationId', user.organisationId)
        return c.json({ message: 'SUPERADMIN aangemaakt', user: await describe(user) }, 201)
      })
      .get('/registration', (c) => c.json({ mode: deps.env.REGISTRATION }))
      // Whether single sign-on is configured (OIDC_ISSUER): the login page shows its buttons.
      .get('/sign-in-options', (c) => c.json({ sso: deps.oidc !== null }))
      // A taken and a free address get the same answer, after the throttle counted them
      // (issue 47 §2); the holder of a taken one hears of it by mail.
      .post('/register/email', validate('json', RegisterSchema), async (c) => {
        const input = c.req.valid('json')
        requireRegistrationOpen(deps)
        const address = getClientAddress(c, deps.env.TRUST_PROXY)
        await deps.throttles.registration.check(address)
        await deps.throttles.registration.record(address)
        const account = await registerOrNotify(deps, input)
        // The browser that chose the password is its holder's (decision 033).
        rememberAccount(c, deps.env, 'central', account)
        return c.json(describeRegistrationAnswer(deps.env), 201)
      })
      .post('/login/email', validate('json', LoginSchema), async (c) => {
        const input = readPasswordSignIn(c, deps.env, 'central', c.req.valid('json'))
        const answer = await signInWithPassword(deps, input)
        if (answer.choice) return c.json({ choice: answer.choice })
        const { user, session } = answer.signedIn
        setSessionCookie(c, 'central', { ...session, organisationId: user.organisationId })
        // This browser's account is always among those its next sign-in checks (decision 033).
        rememberAccount(c, deps.env, 'central', {
          organisationId: user.organisationId,
          userId: user.id,
        })
        // The sign-in wrote lastActive: the organisation's devices hear of it (app.ts).
        c.set('organisationId', user.organisationId)
        return c.json({ user: await describe(user) })
      })
      .post('/login/choose', validate('json', OrganisationChoiceSchema), async (c) => {
        const address = getClientAddress(c, deps.env.TRUST_PROXY)
        const { user, session, proof } = await throttleChoice(
          deps.throttles,
          'central',
          { address, choiceToken: c.req.valid('json').choiceToken },
          () => chooseCentralOrganisation(deps, c.req.valid('json')),
        )
        setSessionCookie(c, 'central', { ...session, organisationId: user.organisationId })
        rememberAccount(c, deps.env, 'central', {
          organisationId: user.organisationId,
          userId: user.id,
        })
        // The sign-in wrote lastActive: the organisation's devices hear of it (app.ts).
        c.set('organisationId', user.organisationId)
        return c.json({ user: await describe(user, proof) })
      })
      // "Wissel van organisatie" (decision 028): a new session in an organisation this
      // sign-in proved; the old session of both kinds ends, as a logout would end them.
      .post('/switch-organisation', validate('json', SwitchOrganisationSchema), async (c) => {
        requireOwnSession(deps, c, 'central')
        const signIn = requireCentralSignIn(deps, c)
        const { user, session, proof } = await switchCentralOrganisation(deps, {
          token: signIn.token,
          session: signIn.session,
          organisationId: c.req.valid('json').organisationId,
        })
        const salesToken = readSessionToken(c, 'sales')
        if (salesToken) await endSession(deps.directory, salesToken, 'sales')
        clearSessionCookie(c, 'sales')
        setSessionCookie(c, 'central', { ...session, organisationId: user.organisationId })
        // The new session wrote lastActive: the organisation's devices hear of it (app.ts).
        c.set('organisationId', user.organisationId)
        return c.json({ user: await describe(user, proof) })
      })
      .post(
        '/setup/:token',
        validate('param', SetupTokenParamSchema),
        validate('json', TokenSetupSchema),
        async (c) => {
          const { token } = c.req.valid('param')
          const { kind, role, ...account } = await deps.throttles.setup.countFailure(
            getClientAddress(c, deps.env.TRUST_PROXY),
            () => completeSetup(deps, { token, password: c.req.valid('json').password }),
          )
          // The browser that chose the password is its holder's: its next sign-in always
          // checks this account, whoever else typed the address (decision 033).
          rememberAccount(c, deps.env, kind, account)
          // Where the person signs in next: the central login, or the sales area's.
          const loginPath =
            kind === 'sales' ? `${getSalesBase(c, deps.env.SALES_HOST)}/login` : '/login'
          // The role of the account this link was for (the page greets the person by it).
          return c.json({ message: 'Setup voltooid. Je kunt nu inloggen.', loginPath, kind, role })
        },
      )
      .post('/forgot-password', validate('json', ForgotPasswordSchema), (c) =>
        answerForgotPassword(deps, c, 'central', c.req.valid('json').email),
      )
      .post(
        '/reset-password/:token',
        validate('param', ResetTokenParamSchema),
        validate('json', TokenSetupSchema),
        async (c) => {
          const { token } = c.req.valid('param')
          const { kind, ...account } = await deps.throttles.setup.countFailure(
            getClientAddress(c, deps.env.TRUST_PROXY),
            () => resetPassword(deps, { token, password: c.req.valid('json').password }),
          )
          rememberAccount(c, deps.env, kind, account)
          const loginPath =
            kind === 'sales' ? `${getSalesBase(c, deps.env.SALES_HOST)}/login` : '/login'
          return c.json({ message: 'Je wachtwoord is gewijzigd. Je kunt nu inloggen.', loginPath })
        },
      )
      .get('/user', async (c) => {
        const { user, session } = requireCentralSignIn(deps, c)
        return c.json(await describe(user, session))
      })
  )
}
