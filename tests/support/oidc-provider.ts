import { generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/** What the test identity provider says about a person (besides the subject). */
export type TestIdentity = { email: string; email_verified: boolean }

/** How the person at the provider answers the sign-in prompt. */
export type ProviderChoice = { accountId: string } | { deny: true }

/** A real oidc-provider on a loopback port, over plain http, in this process. */
export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>

const CLIENT_ID = 'centraal'
const CLIENT_SECRET = 'centraal-test-secret-that-is-long-enough'
const MAX_HOPS = 10

/**
 * Starts the provider with one confidential client for `redirectUri`. People live in
 * `accounts` (subject → identity), which tests may change between sign-ins. The
 * interaction (login and consent) is answered by `authorize` instead of a browser form.
 */
export async function startOidcProvider(options: { redirectUri: string }) {
  const accounts = new Map<string, TestIdentity>()
  const httpServer = createServer()
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }],
    },
    cookies: { keys: ['test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount(_ctx, sub) {
      const identity = accounts.get(sub)
      if (!identity) return undefined
      return { accountId: sub, claims: () => ({ sub, ...identity }) }
    },
  })

  // Signs in as the chosen account and grants every requested scope, in one step: what
  // a login form and a consent screen would submit.
  async function answerInteraction(req: IncomingMessage, res: ServerResponse) {
    const query = new URL(req.url ?? '/', issuer).searchParams
    const accountId = query.get('account')
    if (query.has('deny') || !accountId) {
      const denial = { error: 'access_denied', error_description: 'The person declined' }
      return provider.interactionFinished(req, res, denial, { mergeWithLastSubmission: false })
    }
    const interaction = await provider.interactionDetails(req, res)
    const grant = new provider.Grant({ accountId, clientId: interaction.params.client_id })
    grant.addOIDCScope(interaction.params.scope ?? 'openid')
    const result = { login: { accountId }, consent: { grantId: await grant.save() } }
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false })
  }

  const handleProtocol = provider.callback()
  httpServer.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handleProtocol(req, res)
    answerInteraction(req, res).catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })

  /**
   * Follows an authorization URL through the provider like a fresh browser, answering
   * the interaction with `choice`; returns the URL the provider sends the browser back to.
   */
  async function authorize(authorizationUrl: string, choice: ProviderChoice): Promise<URL> {
    const cookies = new Map<string, string>()
    let url = new URL(authorizationUrl)
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      if (url.origin !== issuer) return url
      if (url.pathname.startsWith('/interaction/')) {
        if ('deny' in choice) url.searchParams.set('deny', '1')
        else url.searchParams.set('account', choice.accountId)
      }
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      })
      for (const line of response.headers.getSetCookie()) {
        const [name, ...value] = (line.split(';')[0] ?? '').split('=')
        if (name) cookies.set(name.trim(), value.join('='))
      }
      const location = response.headers.get('location')
      if (!location) {
        throw new Error(
          `provider answered ${response.status} at ${url.pathname}: ${await response.text()}`,
        )
      }
      url = new URL(location, url)
    }
    throw new Error('too many redirects at the provider')
  }

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    accounts,
    authorize,
    async close() {
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()))
      httpServer.closeAllConnections()
      await closed
    },
  }
}
