import * as client from 'openid-client'
import type { OidcIdentity } from '../services/accounts/sign-in-with-oidc.ts'

type Tokens = Awaited<ReturnType<typeof client.authorizationCodeGrant>>

/**
 * The subject and e-mail of a completed sign-in. Many providers put `email` in the ID
 * token; conforming ones may keep it for UserInfo when an access token is issued (OIDC
 * Core §5.4), so UserInfo is asked when the ID token has none.
 */
export async function readOidcIdentity(
  config: client.Configuration,
  tokens: Tokens,
): Promise<OidcIdentity> {
  const idToken = tokens.claims()
  if (!idToken) throw new Error('the token response has no ID token')
  let claims: Record<string, unknown> = idToken
  if (idToken.email === undefined && config.serverMetadata().userinfo_endpoint) {
    // fetchUserInfo checks that UserInfo speaks of the same subject as the ID token.
    claims = await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
  }
  return {
    subject: idToken.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    isEmailVerified: claims.email_verified === true,
  }
}
