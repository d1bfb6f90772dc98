import path from 'node:path'
import Database from 'better-sqlite3'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { describeLoginError } from '#schema/login-errors'
import { getOrganisationRoute, ROUTING_COOKIE } from '#server/auth/routing-cookie'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { findFreePort } from '../support/free-port.ts'
import { createClient } from '../support/http.ts'
import type { ProviderChoice, TestOidcProvider } from '../support/oidc-provider.ts'
import { startServerWithOidc } from '../support/oidc-server.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { PartOf, TypedApi } from '../support/typed-client.ts'

type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>
type Page = InferResponseType<TypedApi['sync'][':version'][':collection']['pull']['$get'], 200>

const PASSWORD = 'correct horse battery'
const NO_ACCOUNT = 'No active account is linked to this sign-in'

let provider: TestOidcProvider
let server: TestServer

beforeAll(async () => {
  ;({ provider, server } = await startServerWithOidc())
  const setup = createClient(server.url, { origin: server.url })
  const admin = { name: 'Ada Admin', email: 'ada@example.com', password: PASSWORD }
  expect((await setup.post('/api/auth/simple-setup', admin)).status).toBe(201)
  // Accounts an administrator made: only those are linked to an SSO identity by e-mail.
  for (const [name, email] of [
    ['Bea Broker', 'bea@example.com'],
    ['Cas Closer', 'cas@example.com'],
    ['Dirk Suspended', 'dirk@example.com'],
  ]) {
    const body = { name, email, role: 'USER', status: 'active' }
    expect((await setup.post('/api/users', body)).status).toBe(201)
  }
  const registrant = { name: 'Rik Registrant', email: 'rik@example.com', password: PASSWORD }
  expect((await setup.post('/api/auth/register/email', registrant)).status).toBe(201)
})
afterAll(async () => {
  await server?.close()
  await provider?.close()
})

/** GET /api/login, the provider, then the callback, as one browser would. */
async function signInWithSso(choice: ProviderChoice, tamper?: (callback: URL) => void) {
  const browser = createClient(server.url)
  const start = await browser.get('/api/login')
  expect(start.status).toBe(302)
  const callback = await provider.authorize(start.headers.get('location') ?? '', choice)
  expect(callback.origin + callback.pathname).toBe(`${server.url}/api/login/callback`)
  tamper?.(callback)
  const finish = await browser.get(`${callback.pathname}${callback.search}`)
  expect(finish.status).toBe(302)
  return { browser, start, callback, location: finish.headers.get('location') ?? '' }
}

/** The text the sign-in page shows for where the browser was sent: a known code only. */
function readLoginError(location: string) {
  const url = new URL(location, 'http://centraal.invalid')
  expect(url.pathname).toBe('/login')
  const text = describeLoginError(url.searchParams.get('error'))
  expect(text).toBeDefined()
  return text ?? ''
}

function readUserRow(email: string) {
  const db = new Database(path.join(server.dataDir, 'orgs', 'default-org.sqlite'), {
    readonly: true,
  })
  try {
    return db.prepare('select oidc_subject, last_active from users where email = ?').get(email) as {
      oidc_subject: string | null
      last_active: number | null
    }
  } finally {
    db.close()
  }
}

describe('with an identity provider', () => {
  test('a user with a verified e-mail signs in, and later by subject alone', async () => {
    provider.accounts.set('sub-bea', { email: 'Bea@Example.com', email_verified: true })
    const first = await signInWithSso({ accountId: 'sub-bea' })

    const authorization = new URL(first.start.headers.get('location') ?? '')
    expect(authorization.origin).toBe(provider.issuer)
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorization.searchParams.get('scope')).toBe('openid email profile')
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${server.url}/api/login/callback`)
    expect(authorization.searchParams.get('state')).toBeTruthy()
    expect(authorization.searchParams.get('nonce')).toBeTruthy()
    const flowCookie = first.start.headers.get('set-cookie') ?? ''
    expect(flowCookie).toMatch(/^centraal_oidc_flow=/)
    expect(flowCookie).toMatch(/HttpOnly/i)
    expect(flowCookie).toMatch(/SameSite=Lax/i)
    expect(flowCookie).toMatch(/Path=\/api\/login/i)

    expect(first.location).toBe('/')
    expect(first.browser.cookies.has('centraal_session')).toBe(true)
    // HAProxy's routing cookie names the organisation signed into (routing-cookie.test.ts).
    expect(first.browser.cookies.get(ROUTING_COOKIE)).toBe(
      getOrganisationRoute(DEFAULT_ORGANISATION_ID),
    )
    const me = await first.browser.get('/api/auth/user')
    expect(me.status).toBe(200)
    const user: User = me.json
    expect(user).toMatchObject({
      email: 'bea@example.com',
      name: 'Bea Broker',
      role: 'USER',
    } satisfies PartOf<typeof user>)
    const row = readUserRow('bea@example.com')
    expect(row.oidc_subject).toBe('sub-bea')
    expect(row.last_active).toBeGreaterThan(Date.now() - 60_000)

    provider.accounts.set('sub-bea', { email: 'bea.new@example.org', email_verified: false })
    const second = await signInWithSso({ accountId: 'sub-bea' })
    expect(second.location).toBe('/')
    const again: User = (await second.browser.get('/api/auth/user')).json
    expect(again.email).toBe('bea@example.com')
  })

  test('the login page learns, signed out, that single sign-on is there', async () => {
    const answer = await createClient(server.url).get('/api/auth/sign-in-options')
    expect(answer.status).toBe(200)
    const options: InferResponseType<TypedApi['auth']['sign-in-options']['$get'], 200> = answer.json
    expect(options).toEqual({ sso: true } satisfies typeof options)
  })

  test("an SSO sign-in reaches the devices as the user's lastActive (a new seq)", async () => {
    const admin = createClient(server.url, { origin: server.url })
    await admin.post('/api/auth/login/email', { email: 'ada@example.com', password: PASSWORD })
    const eva = { name: 'Eva Actief', email: 'eva@example.com', role: 'USER', status: 'active' }
    expect((await admin.post('/api/users', eva)).status).toBe(201)
    const pullEva = async () => {
      const page: Page = (await admin.get('/api/sync/v1/users/pull?checkpoint=0&limit=100')).json
      return page.documents.find((doc) => doc.email === eva.email)
    }
    const before = await pullEva()
    expect(before?.lastActive).toBeNull()
    provider.accounts.set('sub-eva', { email: eva.email, email_verified: true })
    const signedInAt = Date.now()
    expect((await signInWithSso({ accountId: 'sub-eva' })).location).toBe('/')
    const after = await pullEva()
    expect(after?.lastActive).toBeGreaterThanOrEqual(signedInAt)
    expect(after?.seq).toBeGreaterThan(Number(before?.seq))
  })

  test('an e-mail without an account is refused', async () => {
    provider.accounts.set('sub-stranger', { email: 'stranger@example.com', email_verified: true })
    const { browser, location } = await signInWithSso({ accountId: 'sub-stranger' })
    expect(readLoginError(location)).toContain(NO_ACCOUNT)
    expect(browser.cookies.has('centraal_session')).toBe(false)
  })

  test('an e-mail the provider has not verified is refused and not linked', async () => {
    provider.accounts.set('sub-cas', { email: 'cas@example.com', email_verified: false })
    const { browser, location } = await signInWithSso({ accountId: 'sub-cas' })
    expect(readLoginError(location)).toContain(NO_ACCOUNT)
    expect(browser.cookies.has('centraal_session')).toBe(false)
    expect(readUserRow('cas@example.com').oidc_subject).toBeNull()
  })

  test('a self-registered account is never linked by e-mail', async () => {
    // Anyone can register someone else's address and wait; an SSO account with that
    // verified address must not inherit the registration (nor learn it exists).
    provider.accounts.set('sub-rik', { email: 'rik@example.com', email_verified: true })
    const { browser, location } = await signInWithSso({ accountId: 'sub-rik' })
    expect(readLoginError(location)).toContain(NO_ACCOUNT)
    expect(browser.cookies.has('centraal_session')).toBe(false)
    expect(readUserRow('rik@example.com').oidc_subject).toBeNull()
  })

  test('a suspended user is refused', async () => {
    const db = new Database(path.join(server.dataDir, 'orgs', 'default-org.sqlite'))
    db.prepare(`update users set status = 'suspended' where email = ?`).run('dirk@example.com')
    db.close()
    provider.accounts.set('sub-dirk', { email: 'dirk@example.com', email_verified: true })
    const { browser, location } = await signInWithSso({ accountId: 'sub-dirk' })
    expect(readLoginError(location)).toMatch(/not active/)
    expect(browser.cookies.has('centraal_session')).toBe(false)
    expect(readUserRow('dirk@example.com').oidc_subject).toBeNull()
  })

  test('a callback with a wrong state is refused', async () => {
    provider.accounts.set('sub-ada', { email: 'ada@example.com', email_verified: true })
    const { browser, location } = await signInWithSso({ accountId: 'sub-ada' }, (callback) =>
      callback.searchParams.set('state', 'forged-state'),
    )
    expect(readLoginError(location)).toMatch(/could not be completed/)
    expect(browser.cookies.has('centraal_session')).toBe(false)
    expect(readUserRow('ada@example.com').oidc_subject).toBeNull()
  })

  test('a callback without the flow cookie, or replayed, is refused', async () => {
    provider.accounts.set('sub-ada', { email: 'ada@example.com', email_verified: true })
    const { callback } = await signInWithSso({ accountId: 'sub-ada' })
    const replay = await createClient(server.url).get(`${callback.pathname}${callback.search}`)
    expect(replay.status).toBe(302)
    expect(readLoginError(replay.headers.get('location') ?? '')).toMatch(/expired/)
  })

  test('a sign-in the person declines at the provider is refused', async () => {
    const { browser, location } = await signInWithSso({ deny: true })
    expect(readLoginError(location)).toMatch(/identity provider did not complete/)
    expect(browser.cookies.has('centraal_session')).toBe(false)
  })

  test('an address with administrator-made accounts in two organisations is not linked by e-mail', async () => {
    await createOrganisation(server.deps, { id: 'org-x', name: 'Organisatie X', slug: 'org-x' })
    const setup = createClient(server.url, { origin: server.url })
    await setup.post('/api/auth/login/email', { email: 'ada@example.com', password: PASSWORD })
    const body = { name: 'Erik Twee', email: 'erik@example.com', role: 'USER', status: 'active' }
    expect((await setup.post('/api/users', body)).status).toBe(201)
    await inviteWithSetupLink(server.deps, {
      email: 'erik@example.com',
      role: 'USER',
      org: 'org-x',
    })
    provider.accounts.set('sub-erik', { email: 'erik@example.com', email_verified: true })
    const { browser, location } = await signInWithSso({ accountId: 'sub-erik' })
    expect(readLoginError(location)).toMatch(
      /several organisations\. Sign in with your e-mail and password/,
    )
    expect(browser.cookies.has('centraal_session')).toBe(false)
    expect(readUserRow('erik@example.com').oidc_subject).toBeNull()
  })

  test('a stranger registering the address elsewhere does not stand in the way of the linking', async () => {
    await createOrganisation(server.deps, { id: 'org-y', name: 'Organisatie Y', slug: 'org-y' })
    const { token } = await inviteWithSetupLink(server.deps, {
      email: 'fem@example.com',
      role: 'USER',
      org: 'org-y',
    })
    await createClient(server.url).post(`/api/auth/setup/${token}`, { password: PASSWORD })
    const stranger = { name: 'Vreemde', email: 'fem@example.com', password: 'stranger password' }
    expect((await createClient(server.url).post('/api/auth/register/email', stranger)).status).toBe(
      201,
    )
    provider.accounts.set('sub-fem', { email: 'fem@example.com', email_verified: true })
    const { browser, location } = await signInWithSso({ accountId: 'sub-fem' })
    expect(location).toBe('/')
    const user: User = (await browser.get('/api/auth/user')).json
    expect(user).toMatchObject({ organizationId: 'org-y' } satisfies PartOf<typeof user>)
  })
})

test('without OIDC settings, /api/login returns to /login saying SSO is not configured', async () => {
  const plain = await startTestServer()
  try {
    const response = await createClient(plain.url).get('/api/login')
    expect(response.status).toBe(302)
    expect(readLoginError(response.headers.get('location') ?? '')).toMatch(/SSO is not configured/)
  } finally {
    await plain.close()
  }
})

test('a provider that cannot be reached at start leaves the server up with SSO unavailable', async () => {
  const closedPort = await findFreePort()
  const unreachable = await startTestServer({
    OIDC_ISSUER: `http://127.0.0.1:${closedPort}`,
    OIDC_CLIENT_ID: 'centraal',
    OIDC_CLIENT_SECRET: 'secret',
  })
  try {
    expect((await createClient(unreachable.url).get('/api/health')).status).toBe(200)
    const response = await createClient(unreachable.url).get('/api/login')
    expect(response.status).toBe(302)
    expect(readLoginError(response.headers.get('location') ?? '')).toMatch(/SSO is unavailable/)
  } finally {
    await unreachable.close()
  }
})
