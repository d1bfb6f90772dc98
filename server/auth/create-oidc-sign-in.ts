import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import * as client from 'openid-client'
import type { AppDeps } from '../app-deps.ts'
import type { Env } from '../env.ts'
import { AppError } from '../errors/app-error.ts'
import { signInWithOidc } from '../services/accounts/sign-in-with-oidc.ts'
import { discoverOidcIssuer } from './discover-oidc-issuer.ts'
import { findLoginErrorCode, getLoginErrorPath, type OidcSignIn } from './oidc.ts'
import { createPendingOidcFlows, OIDC_FLOW_MAX_AGE_SECONDS } from './pending-oidc-flows.ts'
import { readOidcIdentity } from './read-oidc-identity.ts'
import { isSecure, setSessionCookie } from './sessions.ts'

const FLOW_COOKIE = 'centraal_oidc_flow'
const FLOW_COOKIE_PATH = '/api/login'
const SCOPE = 'openid email profile'
const DISCOVERY_RETRY_MS = 60 * 1000

/**
 * The OIDC sign-in when OIDC_* are set; null (SSO off) otherwise. Discovery runs now; when
 * the provider cannot be reached it is logged and retried at a later sign-in (at most once
 * a minute), so a provider that is down at boot neither stops the server nor keeps SSO
 * off until a restart.
 */
export async function createOidcSignIn(
  env: Env,
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations' | 'log' | 'createExpiringTokens'>,
): Promise<OidcSignIn | null> {
  if (!env.OIDC_ISSUER) return null
  const redirectUri = `${env.PUBLIC_URL}/api/login/callback`
  const flows = createPendingOidcFlows(deps.createExpiringTokens)
  let config: client.Configuration | null = null
  let lastAttempt = 0

  async function getConfig() {
    if (config || Date.now() - lastAttempt < DISCOVERY_RETRY_MS) return config
    lastAttempt = Date.now()
    try {
      config = await discoverOidcIssuer(env)
    } catch (error) {
      deps.log.error('oidc discovery failed; SSO is off until it succeeds', describeError(error))
    }
    return config
  }
  await getConfig()

  return {
    async start(c) {
      const current = await getConfig()
      if (!current) return getLoginErrorPath('sso_unavailable')
      const flow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      }
      setCookie(c, FLOW_COOKIE, await flows.add(flow), {
        httpOnly: true,
        sameSite: 'Lax',
        path: FLOW_COOKIE_PATH,
        secure: isSecure(c),
        maxAge: OIDC_FLOW_MAX_AGE_SECONDS,
      })
      const url = client.buildAuthorizationUrl(current, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      })
      return url.href
    },

    async finish(c) {
      const flow = await takeFlow(c, flows)
      if (!flow) return getLoginErrorPath('sso_expired')
      const current = await getConfig()
      if (!current) return getLoginErrorPath('sso_unavailable')
      // The redirect URI as registered, not as this request was addressed behind a proxy:
      // the token request must repeat it exactly.
      const callbackUrl = new URL(`${redirectUri}${new URL(c.req.url).search}`)
      let identity: Awaited<ReturnType<typeof readOidcIdentity>>
      try {
        const tokens = await client.authorizationCodeGrant(current, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
        })
        identity = await readOidcIdentity(current, tokens)
      } catch (error) {
        const isProviderAnswer = error instanceof client.AuthorizationResponseError
        deps.log.error('oidc sign-in failed', describeError(error))
        return getLoginErrorPath(isProviderAnswer ? 'sso_refused' : 'sso_failed')
      }
      try {
        const { user, session, isNewLink } = await signInWithOidc(deps, identity)
        setSessionCookie(c, 'central', { ...session, organisationId: user.organisationId })
        // The sign-in wrote lastActive: the organisation's devices hear of it (routes/oidc.ts).
        c.set('organisationId', user.organisationId)
        deps.log.info('oidc sign-in', { userId: user.id, subject: identity.subject, isNewLink })
        return '/'
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        deps.log.info('oidc sign-in refused', { subject: identity.subject, reason: error.message })
        return getLoginErrorPath(findLoginErrorCode(error.message))
      }
    },
  }
}

async function takeFlow(c: Context, flows: ReturnType<typeof createPendingOidcFlows>) {
  const flowId = getCookie(c, FLOW_COOKIE)
  deleteCookie(c, FLOW_COOKIE, { path: FLOW_COOKIE_PATH, secure: isSecure(c) })
  return flowId ? flows.take(flowId) : undefined
}

// Only names and codes: the library's errors carry response bodies and claims in `cause`.
function describeError(error: unknown) {
  if (!(error instanceof Error)) return { error: String(error) }
  const { code, error: oauthError } = error as { code?: unknown; error?: unknown }
  return { name: error.name, code, oauthError, message: error.message }
}
