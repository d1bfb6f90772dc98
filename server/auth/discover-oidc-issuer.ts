import * as client from 'openid-client'
import type { Env } from '../env.ts'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Reads OIDC_ISSUER's discovery document and returns the client configuration. Plain
 * http is accepted only on a loopback host (the tests' in-process provider).
 */
export async function discoverOidcIssuer(
  env: Pick<Env, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET'>,
) {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) {
    throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required')
  }
  const issuer = new URL(env.OIDC_ISSUER)
  const isPlainHttp = issuer.protocol === 'http:'
  if (isPlainHttp && !LOOPBACK_HOSTS.has(issuer.hostname)) {
    throw new Error('OIDC_ISSUER must use https; plain http is allowed only on a loopback host')
  }
  // client_secret_basic: every provider must accept it (RFC 6749 §2.3.1), unlike the
  // library's default client_secret_post.
  return client.discovery(
    issuer,
    env.OIDC_CLIENT_ID,
    env.OIDC_CLIENT_SECRET,
    client.ClientSecretBasic(env.OIDC_CLIENT_SECRET),
    { execute: isPlainHttp ? [client.allowInsecureRequests] : [], timeout: 10 },
  )
}
