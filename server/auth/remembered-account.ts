import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AccountKind } from '#schema/db/system'
import type { Env } from '../env.ts'
import { getSecretBox } from './secret-box.ts'
import { isSecure } from './sessions.ts'

// Long enough to outlast a holiday; browsers cap a cookie at 400 days anyway.
const REMEMBERED_DAYS = 365

const cookieName = (c: Context, kind: AccountKind) => {
  const name = kind === 'central' ? 'centraal_last_account' : 'gold_estates_last_account'
  return isSecure(c) ? `__Host-${name}` : name
}
const purposeOf = (kind: AccountKind) => `remembered-account:${kind}`

/** The account a browser last signed in to: always among those a sign-in checks (decision 033). */
export type RememberedAccount = { organisationId: string; userId: string }

/**
 * Remembers on this browser the account it just signed in to, sealed with the
 * installation's secret (AES-GCM authenticates it): a page, another site or another
 * installation cannot forge or read it. It outlives a logout, by design; it never opens
 * anything, it only makes sure this account is among those a password is checked against.
 */
export function rememberAccount(
  c: Context,
  env: Pick<Env, 'SECRETS_KEY' | 'SYSTEM_DIR'>,
  kind: AccountKind,
  account: RememberedAccount,
) {
  const value = getSecretBox(env).seal(
    JSON.stringify([account.organisationId, account.userId]),
    purposeOf(kind),
  )
  setCookie(c, cookieName(c, kind), value, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isSecure(c),
    maxAge: REMEMBERED_DAYS * 24 * 60 * 60,
  })
}

/** The account this browser last signed in to, or null (none, forged, another kind's). */
export function readRememberedAccount(
  c: Context,
  env: Pick<Env, 'SECRETS_KEY' | 'SYSTEM_DIR'>,
  kind: AccountKind,
): RememberedAccount | null {
  const value = getCookie(c, cookieName(c, kind))
  if (!value || value.length > 500) return null
  try {
    const [organisationId, userId] = JSON.parse(getSecretBox(env).open(value, purposeOf(kind)))
    return typeof organisationId === 'string' && typeof userId === 'string'
      ? { organisationId, userId }
      : null
  } catch {
    return null
  }
}
