import type { Context } from 'hono'
import type { AccountKind } from '#schema/db/system'
import { readRememberedAccount } from '../auth/remembered-account.ts'
import type { Env } from '../env.ts'
import type { PasswordSignInInput } from '../services/sign-in/sign-in-by-password.ts'
import { getClientAddress } from './client-address.ts'

/**
 * A sign-in form's e-mail and password with what the request adds: the client's address
 * (throttling) and the account of `kind` this browser remembers (decision 033).
 */
export function readPasswordSignIn(
  c: Context,
  env: Pick<Env, 'SECRETS_KEY' | 'SYSTEM_DIR' | 'TRUST_PROXY'>,
  kind: AccountKind,
  form: { email: string; password: string },
): PasswordSignInInput {
  return {
    email: form.email,
    password: form.password,
    address: getClientAddress(c, env.TRUST_PROXY),
    remembered: readRememberedAccount(c, env, kind),
  }
}
