import type { Context } from 'hono'

/** OpenID Connect sign-in against OIDC_ISSUER (authorization code + PKCE). */
export type OidcSignIn = {
  /** Starts a sign-in: remembers state, nonce and verifier, returns the provider's URL. */
  start(c: Context): Promise<string>
}
