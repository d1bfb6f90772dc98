import type { Context } from 'hono'

/** OpenID Connect sign-in against OIDC_ISSUER (authorization code + PKCE). */
export type OidcSignIn = {
  /** Starts a sign-in: remembers state, nonce and verifier, returns where to send the browser. */
  start(c: Context): Promise<string>
  /** Completes a sign-in at the callback: opens a session, returns where to send the browser. */
  finish(c: Context): Promise<string>
}

/** The sign-in screen showing a message; every failed SSO attempt ends there. */
export function getLoginErrorPath(message: string) {
  return `/login?error=${encodeURIComponent(message)}`
}
