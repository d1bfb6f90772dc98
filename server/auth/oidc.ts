import type { Context } from 'hono'
import { LOGIN_ERRORS, type LoginErrorCode } from '#schema/login-errors'

/** OpenID Connect sign-in against OIDC_ISSUER (authorization code + PKCE). */
export type OidcSignIn = {
  /** Starts a sign-in: remembers state, nonce and verifier, returns where to send the browser. */
  start(c: Context): Promise<string>
  /** Completes a sign-in at the callback: opens a session, returns where to send the browser. */
  finish(c: Context): Promise<string>
}

/** The sign-in screen showing why; every failed SSO attempt ends there. */
export function getLoginErrorPath(code: LoginErrorCode) {
  return `/login?error=${code}`
}

/** The code of a refusal's message (the texts live in schema/login-errors.ts). */
export function findLoginErrorCode(message: string): LoginErrorCode {
  const entry = Object.entries(LOGIN_ERRORS).find(([, text]) => text === message)
  return (entry?.[0] as LoginErrorCode | undefined) ?? 'sso_failed'
}
