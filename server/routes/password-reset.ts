import type { Context } from 'hono'
import type { AccountKind } from '#schema/db/system'
import { FORGOT_PASSWORD_ANSWER } from '#schema/mail'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { getClientAddress } from '../http/client-address.ts'
import { isSalesHost, SALES_PREFIX } from '../http/sales-base.ts'
import {
  type ResetLinkBases,
  requestPasswordReset,
} from '../services/password-reset/request-password-reset.ts'

/**
 * Where reset links point: always PUBLIC_URL, never the request's Host (a forged Host
 * must not put an attacker's address in someone's mail); a request on SALES_HOST gets
 * Gold Estates links on that host, with PUBLIC_URL's scheme and port.
 */
function findLinkBases(c: Context<AppEnv>, env: AppDeps['env']): ResetLinkBases {
  const publicUrl = new URL(env.PUBLIC_URL)
  const salesOrigin = `${publicUrl.protocol}//${env.SALES_HOST}${publicUrl.port ? `:${publicUrl.port}` : ''}`
  return {
    central: env.PUBLIC_URL,
    sales: isSalesHost(c, env.SALES_HOST) ? salesOrigin : `${env.PUBLIC_URL}${SALES_PREFIX}`,
  }
}

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
  const bases = findLinkBases(c, deps.env)
  setImmediate(() => {
    requestPasswordReset(deps, { kind, email, bases }).catch((error) =>
      deps.log.error('a password reset could not be queued', { error }),
    )
  })
  return c.json({ message: FORGOT_PASSWORD_ANSWER }, 202)
}
