import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { getOrganisationRoute, ROUTING_COOKIE } from '#server/auth/routing-cookie'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { findFreePort } from '../support/free-port.ts'
import { type GoogleStandIn, startGoogleStandIn } from '../support/google-stand-in.ts'
import { type Client, createClient } from '../support/http.ts'
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { startServerProcess } from '../support/server-process.ts'
import type { ErrorAnswer, TypedApi } from '../support/typed-client.ts'

// Two server processes on one data directory and a Redis (REDIS_URL), as behind HAProxy:
// a step that waits between two requests (an organisation choice, an SSO sign-in between
// redirect and callback, a Google Drive connection between consent and callback) begun on
// one process ends on the other, also after the first was killed; its token is taken once
// across both; a token no process handed out is refused as with one process.

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>
type Login = InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>
type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>

const EXPIRED = 'Je keuze is verlopen. Log opnieuw in.'
const TWEE = { email: 'twee@example.com', password: 'twee password' }
const GOOGLE = { clientId: 'centraal-test.apps.googleusercontent.com', clientSecret: 'gs-secret' }
const FLOW_COOKIE = 'centraal_oidc_flow'

let redis: Awaited<ReturnType<typeof startRedisServer>>
let provider: TestOidcProvider
let google: GoogleStandIn
let dataDir: string
let first: ServerProcess
let second: ServerProcess
let isFirstKilled = false
let root: Client
const organisationIds: string[] = []

beforeAll(async () => {
  redis = await startRedisServer()
  google = await startGoogleStandIn(GOOGLE)
  // The address both processes are reached at (HAProxy's, in production): the redirect
  // URIs registered with the providers name it, and nothing needs to listen there here.
  const publicUrl = `http://127.0.0.1:${await findFreePort()}`
  provider = await startOidcProvider({ redirectUri: `${publicUrl}/api/login/callback` })
  provider.accounts.set('sub-bea', { email: 'bea@example.com', email_verified: true })
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-test-'))
  const settings = {
    REDIS_URL: redis.url,
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_CLIENT_ID: GOOGLE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
    GOOGLE_API_ROOT: google.url,
  }
  // One after the other: the first applies the migrations the second then finds done.
  first = await startServerProcess(dataDir, { settings: { ...settings, NODE_ID: 'a' } })
  second = await startServerProcess(dataDir, { settings: { ...settings, NODE_ID: 'b' } })
  root = await signInFirstSuperadmin(first)

  // One person with the same password in two organisations: asked which at sign-in.
  for (const name of ['Eerste BV', 'Tweede BV']) {
    const slug = name.toLowerCase().replace(' ', '-')
    const created = await root.post('/api/organisations', { name, slug })
    expect(created.status, created.text).toBe(201)
    const organisation: InferResponseType<TypedApi['organisations']['$post'], 201> = created.json
    organisationIds.push(organisation.id)
    const link = await root.post(`/api/organisations/${organisation.id}/invite`, {
      name: 'Twee Keer',
      email: TWEE.email,
    })
    expect(link.status, link.text).toBe(201)
    const invited: InferResponseType<TypedApi['organisations'][':id']['invite']['$post'], 201> =
      link.json
    const token = String(invited.setupUrl).split('/setup/')[1]
    const setup = await createClient(first.url).post(`/api/auth/setup/${token}`, {
      password: TWEE.password,
    })
    expect(setup.status, setup.text).toBe(200)
  }
  // An account an administrator made: SSO links it by its verified e-mail.
  const bea = { name: 'Bea Broker', email: 'bea@example.com', role: 'USER', status: 'active' }
  expect((await root.post('/api/users', bea)).status).toBe(201)
}, 60_000)
afterAll(async () => {
  await Promise.all([isFirstKilled ? undefined : first?.close(), second?.close()])
  await Promise.all([redis?.close(), provider?.close(), google?.close()])
  rmSync(dataDir, { recursive: true, force: true })
})

/** A client of `server` holding the same cookies as `client`: one browser, another process. */
function sameBrowser(client: Client, server: ServerProcess) {
  const other = createClient(server.url)
  for (const [name, value] of client.cookies) other.cookies.set(name, value)
  return other
}

/** The password sign-in that asks which organisation; its choice token. */
async function askWhichOrganisation(server: ServerProcess) {
  const client = createClient(server.url)
  const login = await client.post('/api/auth/login/email', TWEE)
  expect(login.status, login.text).toBe(200)
  const { choice }: Extract<Login, { choice: unknown }> = login.json
  expect(choice.organisations).toHaveLength(2)
  return choice.choiceToken
}

const choose = (server: ServerProcess, choiceToken: string, organisationId: string) =>
  createClient(server.url).post('/api/auth/login/choose', { choiceToken, organisationId })

test('an organisation choice asked on one process is answered on the other; the token then opens nothing on either', async () => {
  const [eerste, tweede] = organisationIds as [string, string]
  const choiceToken = await askWhichOrganisation(first)
  const browser = createClient(second.url)
  const chosen = await browser.post('/api/auth/login/choose', {
    choiceToken,
    organisationId: tweede,
  })
  expect(chosen.status, chosen.text).toBe(200)
  expect(browser.cookies.get(ROUTING_COOKIE)).toBe(getOrganisationRoute(tweede))
  const me = await browser.get('/api/auth/user')
  expect(me.status).toBe(200)
  expect((me.json as User).email).toBe(TWEE.email)

  for (const server of [first, second]) {
    const again = await choose(server, choiceToken, eerste)
    expect(again.status).toBe(401)
    expect(again.json).toEqual({ code: 'unauthenticated', message: EXPIRED } satisfies ErrorAnswer)
  }
})

test('one choice answered on both processes at the same moment opens one session', async () => {
  const [eerste, tweede] = organisationIds as [string, string]
  for (let round = 0; round < 5; round++) {
    const choiceToken = await askWhichOrganisation(round % 2 === 0 ? first : second)
    const answers = await Promise.all([
      choose(first, choiceToken, eerste),
      choose(second, choiceToken, tweede),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
  }
})

test('a made-up choice token is refused on either process as with one process', async () => {
  for (const server of [first, second]) {
    const answer = await choose(server, 'a'.repeat(32), organisationIds[0] ?? '')
    expect(answer.status).toBe(401)
    expect(answer.json).toEqual({ code: 'unauthenticated', message: EXPIRED } satisfies ErrorAnswer)
  }
})

/** GET /api/login on `start`, the provider: the callback URL and the browser's flow cookie. */
async function beginSso(start: ServerProcess) {
  const browser = createClient(start.url)
  const begun = await browser.get('/api/login')
  expect(begun.status).toBe(302)
  const callback = await provider.authorize(begun.headers.get('location') ?? '', {
    accountId: 'sub-bea',
  })
  expect(callback.pathname).toBe('/api/login/callback')
  const flow = browser.cookies.get(FLOW_COOKIE)
  expect(flow).toBeTruthy()
  return { browser, callback: `${callback.pathname}${callback.search}`, flow: flow ?? '' }
}

test('an SSO sign-in begun on one process finishes on the other; its callback again, on the first, is refused', async () => {
  const { browser, callback, flow } = await beginSso(first)
  const there = sameBrowser(browser, second)
  const finished = await there.get(callback)
  expect(finished.status).toBe(302)
  expect(finished.headers.get('location')).toBe('/')
  expect(((await there.get('/api/auth/user')).json as User).email).toBe('bea@example.com')

  const replay = createClient(first.url)
  replay.cookies.set(FLOW_COOKIE, flow)
  const refused = await replay.get(callback)
  expect(refused.headers.get('location')).toBe('/login?error=sso_expired')
  expect(replay.cookies.has('centraal_session')).toBe(false)
})

test('a made-up SSO flow, or none, is refused on either process as with one process', async () => {
  const { callback } = await beginSso(first)
  for (const server of [first, second]) {
    const madeUp = createClient(server.url)
    madeUp.cookies.set(FLOW_COOKIE, 'b'.repeat(32))
    const refused = await madeUp.get(callback)
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toBe('/login?error=sso_expired')
    const without = await createClient(server.url).get(callback)
    expect(without.headers.get('location')).toBe('/login?error=sso_expired')
  }
})

test('a Google Drive connection begun on one process is completed on the other; its state again is refused', async () => {
  const started = await root.post('/api/backup/google-drive/connect')
  expect(started.status, started.text).toBe(200)
  const connect: InferResponseType<TypedApi['backup']['google-drive']['connect']['$post'], 200> =
    started.json
  const consent = await fetch(connect.url, { redirect: 'manual' })
  expect(consent.status).toBe(302)
  const callback = new URL(consent.headers.get('location') ?? '')
  const there = sameBrowser(root, second)
  const finished = await there.get(`${callback.pathname}${callback.search}`)
  expect(finished.headers.get('location')).toBe('/settings?tab=backups&googleDrive=verbonden')
  const settings: InferResponseType<TypedApi['backup']['settings']['$get'], 200> = (
    await there.get('/api/backup/settings')
  ).json
  expect(settings.googleDriveEnabled).toBe(true)

  const replay = await root.get(`${callback.pathname}${callback.search}`)
  expect(replay.headers.get('location')).toBe('/settings?tab=backups&googleDrive=mislukt')
})

test('an SSO sign-in whose process is killed (SIGKILL) before the callback finishes on the other', async () => {
  const { browser, callback } = await beginSso(first)
  await first.kill()
  isFirstKilled = true
  const there = sameBrowser(browser, second)
  const finished = await there.get(callback)
  expect(finished.headers.get('location')).toBe('/')
  expect(((await there.get('/api/auth/user')).json as User).email).toBe('bea@example.com')
})
