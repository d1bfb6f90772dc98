import { createSign } from 'node:crypto'
import { z } from 'zod'

// A service account's access token by the JWT bearer grant (RFC 7523), signed here with
// node:crypto. google-auth-library's JWT client does the same through gtoken, but gtoken
// posts to a hard-coded https://oauth2.googleapis.com/token and offers no option to change
// it; signing ourselves lets GOOGLE_API_ROOT move the token endpoint like every other one.

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
const LIFETIME_SECONDS = 3600
// A token this close to its end is replaced before use, so a request never carries a
// token that expires on the way.
const REFRESH_MARGIN_MS = 60_000

const ServiceAccountSchema = z.object({
  client_email: z.string().min(3),
  private_key: z.string().includes('PRIVATE KEY'),
})

/** The two fields of a service-account key file that the grant needs. */
export type ServiceAccount = { clientEmail: string; privateKey: string }

/** Reads GOOGLE_SERVICE_ACCOUNT_JSON (the key file's content); throws naming what is wrong. */
export function parseServiceAccount(json: string): ServiceAccount {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    throw new Error('GOOGLE_SERVICE_ACCOUNT_JSON is no JSON')
  }
  const parsed = ServiceAccountSchema.safeParse(data)
  if (!parsed.success) {
    throw new Error('GOOGLE_SERVICE_ACCOUNT_JSON needs client_email and private_key')
  }
  return { clientEmail: parsed.data.client_email, privateKey: parsed.data.private_key }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/** The signed assertion: RS256 over header.claims, audience the token endpoint. */
export function signAssertion(account: ServiceAccount, tokenUrl: string, scopes: string[]) {
  const issuedAt = Math.floor(Date.now() / 1000)
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))
  const claims = base64url(
    JSON.stringify({
      iss: account.clientEmail,
      scope: scopes.join(' '),
      aud: tokenUrl,
      iat: issuedAt,
      exp: issuedAt + LIFETIME_SECONDS,
    }),
  )
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.privateKey)
  return `${header}.${claims}.${base64url(signature)}`
}

/** Why the token endpoint said no, in its own words (RFC 6749 error fields). */
export class TokenRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Access tokens of one service account, cached until a minute before they end; callers
 * that ask at the same time share one request.
 */
export function createServiceAccountTokens(
  account: ServiceAccount,
  options: { tokenUrl: string; scopes: string[]; timeoutMs?: number },
) {
  let cached: { accessToken: string; expiresAt: number } | undefined
  let pending: Promise<string> | undefined

  async function requestToken(): Promise<string> {
    const response = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: JWT_BEARER,
        assertion: signAssertion(account, options.tokenUrl, options.scopes),
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    })
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string
      expires_in?: number
      error?: string
      error_description?: string
    }
    if (!response.ok || !body.access_token) {
      const reason = body.error_description ?? body.error ?? `HTTP ${response.status}`
      throw new TokenRequestError(response.status, reason)
    }
    const lifetimeMs = (body.expires_in ?? LIFETIME_SECONDS) * 1000
    cached = { accessToken: body.access_token, expiresAt: Date.now() + lifetimeMs }
    return body.access_token
  }

  return {
    /** A valid access token, fetched when none is cached or it is about to end. */
    async getAccessToken(): Promise<string> {
      if (cached && cached.expiresAt - REFRESH_MARGIN_MS > Date.now()) return cached.accessToken
      pending ??= requestToken().finally(() => {
        pending = undefined
      })
      return pending
    },
  }
}
