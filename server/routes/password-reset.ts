import type { Context } from 'hono'
import type { AccountKind } from '#schema/db/system'
import { FORGOT_PASSWORD_ANSWER } from '#schema/mail'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { getClientAddress } from '../http/client-address.ts'
import { findMailLinkBases } from '../http/mail-link-bases.ts'
import { requestPasswordReset } from '../services/password-reset/request-password-reset.ts'

/**
 * POST …/forgot-password: counts the request per client and per address (429 past
 * either), answers 202 with one text whatever the address, and looks the address up only
 * after answering, so neither the words nor the time tell whether it has an account.
 */
export async function answerForgotPassword(
  deps: AppDeps,
  c: Context<AppEnv>,
  kind: AccountKind,
  email: string,
) {
  const client = getClientAddress(c, deps.env.TRUST_PROXY)
  const { perClient, perAddress } = deps.throttles.forgotPassword
  await perClient.check(client)
  await perAddress.check(email)
  await Promise.all([perClient.record(client), perAddress.record(email)])
  const bases = findMailLinkBases(c, deps.env)
  setImmediate(() => {
    requestPasswordReset(deps, { kind, email, bases }).catch((error) =>
      deps.log.error('a password reset could not be queued', { error }),
    )
  })
  return c.json({ message: FORGOT_PASSWORD_ANSWER }, 202)
}
