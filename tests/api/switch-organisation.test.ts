import { eq } from 'drizzle-orm'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#schema/db/organisation'
import type { UserRole } from '#schema/roles'
import { hashToken } from '#server/auth/tokens'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { formatSyncAccount, SYNC_ACCOUNT_HEADER } from '#sync/account'
import {
  setUpInvitedAccount,
  signIn,
  signInFirstSuperadmin,
  signInNewSeller,
} from '../support/accounts.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { queryDirectory } from '../support/directory-tables.ts'
import { type Client, createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

type Users = InferResponseType<TypedApi['users']['$get'], 200>
type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>
type Login = InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>
type SignedIn = Extract<Login, { user: unknown }>
type Switched = InferResponseType<TypedApi['auth']['switch-organisation']['$post'], 200>

// "Wissel van organisatie" (decision 028): a session opened by a password that matched
// accounts in several organisations may move to one of those, and to nothing else.

let server: TestServer
const SWITCH = '/api/auth/switch-organisation'
const NOT_PROVEN =
  'Met deze inlog kun je niet naar die organisatie wisselen. Log uit en log daar in met je wachtwoord.'

beforeAll(async () => {
  server = await startTestServer({ REGISTRATION: 'open' })
  await signInFirstSuperadmin(server)
  await createOrganisation(server.deps, { id: 'org-a', name: 'Alfa Makelaars', slug: 'alfa' })
  await createOrganisation(server.deps, { id: 'org-b', name: 'Bravo Wonen', slug: 'bravo' })
  await createOrganisation(server.deps, { id: 'org-c', name: 'Charlie Vastgoed', slug: 'charlie' })
})
afterAll(() => server?.close())

/** A central account of `org` with `password`, named after its role and organisation. */
const createAccount = (email: string, org: string, password: string, role: UserRole) =>
  setUpInvitedAccount(server, { email, org, password, role, name: `${role} ${org}` })

/** Signs in with an address that several organisations know and picks `organisationId`. */
async function signInAndChoose(email: string, password: string, organisationId: string) {
  const client = createClient(server.url)
  const answer = await client.post('/api/auth/login/email', { email, password })
  const { choice } = answer.json as Extract<Login, { choice: unknown }>
  expect(choice, answer.text).toBeDefined()
  const chosen = await client.post('/api/auth/login/choose', {
    choiceToken: choice.choiceToken,
    organisationId,
  })
  expect(chosen.status, chosen.text).toBe(200)
  return client
}

/** The signed-in account, as the web app reads it. */
async function readUser(client: Client): Promise<User> {
  return (await client.get('/api/auth/user')).json
}

/** The header the web app sends with every call: whose session the page believes it has. */
async function ownAccount(client: Client) {
  const user = await readUser(client)
  return {
    [SYNC_ACCOUNT_HEADER]: formatSyncAccount({
      organisationId: user.organizationId,
      userId: user.id,
    }),
  }
}

async function readSessionCreatedAt(userId: string) {
  const rows = await queryDirectory(server, 'select sess from sessions')
  return rows
    .map((row) => row.sess as { userId: string; createdAt: number })
    .filter((sess) => sess.userId === userId)
}

describe('a person whose password matched two organisations', () => {
  beforeAll(async () => {
    await createAccount('pat@example.com', 'org-a', 'pat password', 'USER')
    await createAccount('pat@example.com', 'org-b', 'pat password', 'ADMIN')
    // Same address, another password: this sign-in never proves it.
    await createAccount('pat@example.com', 'org-c', 'charlie password', 'ADMIN')
  })

  test('sees the organisation by name and switches without the password; the old session ends', async () => {
    const pat = await signInAndChoose('pat@example.com', 'pat password', 'org-a')
    const before = await readUser(pat)
    expect(before).toMatchObject({
      organizationId: 'org-a',
      organisationName: 'Alfa Makelaars',
      otherOrganisations: [{ id: 'org-b', name: 'Bravo Wonen' }],
    } satisfies PartOf<User>)
    const oldToken = pat.cookies.get('centraal_session')
    const createdAt = (await readSessionCreatedAt(before.id))[0]?.createdAt

    const switched = await pat.post(SWITCH, { organisationId: 'org-b' }, await ownAccount(pat))
    expect(switched.status, switched.text).toBe(200)
    expect((switched.json as Switched).user).toMatchObject({
      organizationId: 'org-b',
      role: 'ADMIN',
      organisationName: 'Bravo Wonen',
      otherOrganisations: [{ id: 'org-a', name: 'Alfa Makelaars' }],
    } satisfies PartOf<Switched['user']>)
    expect(pat.cookies.get('centraal_session')).not.toBe(oldToken)
    expect((await readUser(pat)).organizationId).toBe('org-b')
    // The old token opens nothing any more.
    const old = createClient(server.url)
    old.cookies.set('centraal_session', oldToken ?? '')
    expect((await old.get('/api/auth/user')).status).toBe(401)
    // The new session counts its absolute lifetime from the password, not from the switch.
    const after = await readUser(pat)
    expect((await readSessionCreatedAt(after.id)).map((sess) => sess.createdAt)).toEqual([
      createdAt,
    ])

    // And back again: the proof travels with the session.
    const back = await pat.post(SWITCH, { organisationId: 'org-a' }, await ownAccount(pat))
    expect((back.json as Switched).user.organizationId).toBe('org-a')
  })

  test("an answer to the old session's calls, arriving after the switch, leaves the new cookie alone", async () => {
    // The browser's stream and pulls still carry the old cookie while the switch is answered;
    // an answer that cleared it (or renewed it) would take the new session with it: the
    // reload then opened the signed-out landing page (decision 044).
    const pat = await signInAndChoose('pat@example.com', 'pat password', 'org-a')
    const oldToken = pat.cookies.get('centraal_session') ?? ''
    const account = await ownAccount(pat)
    expect((await pat.post(SWITCH, { organisationId: 'org-b' }, account)).status).toBe(200)

    const late = createClient(server.url)
    late.cookies.set('centraal_session', oldToken)
    for (const path of [
      '/api/auth/user',
      '/api/users',
      '/api/sync/v1/users/pull?checkpoint=0&limit=10',
      '/api/sync/v1/stream?area=central',
    ]) {
      const answer = await late.get(path, account)
      expect(answer.status, path).toBe(401)
      expect(answer.headers.getSetCookie(), path).toEqual([])
    }
    // The page itself: the landing page, as for no cookie at all, and the cookie untouched.
    const page = await late.get('/')
    expect(page.text).toContain('data-prerendered="landing"')
    expect(page.headers.getSetCookie()).toEqual([])
  })

  test('a live session is not sent its cookie again on every call, only when it is renewed', async () => {
    const pat = await signInAndChoose('pat@example.com', 'pat password', 'org-a')
    const user = await pat.get('/api/auth/user')
    expect(user.headers.getSetCookie()).toEqual([])
    const page = await pat.get('/')
    expect(page.text).not.toContain('data-prerendered="landing"')
    expect(page.headers.getSetCookie()).toEqual([])

    // A session near its end is renewed, and the answer carries the new expiry.
    // This sign-in's session (Pat has others, of the tests before).
    const sid = hashToken(pat.cookies.get('centraal_session') ?? '')
    const storedExpiry = async () =>
      (await queryDirectory(server, 'select expire from sessions where sid = ?', sid))[0]?.expire
    const nearItsEnd = Date.now() + 60_000
    await queryDirectory(server, 'update sessions set expire = ? where sid = ?', nearItsEnd, sid)
    // A call of the other area acts under no session of this one: it renews nothing.
    const otherArea = await pat.get('/api/gold-estates/auth/user')
    expect(otherArea.status).toBe(401)
    expect(otherArea.headers.getSetCookie()).toEqual([])
    expect(await storedExpiry()).toBe(nearItsEnd)

    const renewed = await pat.get('/api/auth/user')
    const cookie = renewed.headers
      .getSetCookie()
      .find((line) => line.startsWith('centraal_session='))
    expect(cookie).toContain(`centraal_session=${pat.cookies.get('centraal_session')};`)
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie ?? '')?.[1] ?? '')
    expect(expires).toBeGreaterThan(Date.now() + 24 * 60 * 60 * 1000)
    // The directory holds the expiry the cookie carries (to the second the cookie keeps).
    expect(Math.floor(Number(await storedExpiry()) / 1000)).toBe(Math.floor(expires / 1000))
  })

  test('cannot reach an organisation whose account the password did not match, nor its own', async () => {
    const pat = await signInAndChoose('pat@example.com', 'pat password', 'org-a')
    for (const organisationId of ['org-c', 'default-org', 'org-a', 'org-unknown']) {
      const refused = await pat.post(SWITCH, { organisationId }, await ownAccount(pat))
      expect(refused.status, organisationId).toBe(403)
      expect((refused.json as ErrorAnswer).message).toBe(NOT_PROVEN)
    }
    expect((await readUser(pat)).organizationId).toBe('org-a')
  })

  test('cannot reach an account suspended since the sign-in, nor one whose password changed', async () => {
    await createAccount('quinn@example.com', 'org-a', 'quinn password', 'USER')
    await createAccount('quinn@example.com', 'org-b', 'quinn password', 'USER')
    await createAccount('quinn@example.com', 'org-c', 'quinn password', 'USER')
    const quinn = await signInAndChoose('quinn@example.com', 'quinn password', 'org-a')

    // org-b's administrator suspends Quinn there.
    await createAccount('boss@bravo.example', 'org-b', 'boss password', 'SUPERADMIN')
    const boss = await signIn(server, { email: 'boss@bravo.example', password: 'boss password' })
    const list = (await boss.get('/api/users')).json as Users
    const inBravo = list.find((user) => user.email === 'quinn@example.com')
    const suspended = await boss.request('PATCH', `/api/users/${inBravo?.id}`, {
      status: 'suspended',
    })
    expect(suspended.status, suspended.text).toBe(200)
    const toSuspended = await quinn.post(
      SWITCH,
      { organisationId: 'org-b' },
      await ownAccount(quinn),
    )
    expectRefusal(toSuspended, 403, 'Dit account is niet actief. Neem contact op met je beheerder.')
    expect((await readUser(quinn)).organizationId).toBe('org-a')

    // A reset of Quinn's password in org-c: the sign-in no longer proves that account.
    server.deps.organisations
      .get('org-c')
      .update(users)
      .set({ passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$changed$changed' })
      .where(eq(users.email, 'quinn@example.com'))
      .run()
    const toChanged = await quinn.post(SWITCH, { organisationId: 'org-c' }, await ownAccount(quinn))
    expectRefusal(
      toChanged,
      403,
      'Je wachtwoord voor die organisatie is sinds het inloggen veranderd. Log opnieuw in.',
    )
    expect((await readUser(quinn)).organizationId).toBe('org-a')
  })

  test('a call from another origin, for another account, or with a bad body changes nothing', async () => {
    const pat = await signInAndChoose('pat@example.com', 'pat password', 'org-a')
    const token = pat.cookies.get('centraal_session') ?? ''
    const evil = createClient(server.url, { origin: 'https://evil.example' })
    evil.cookies.set('centraal_session', token)
    expect((await evil.post(SWITCH, { organisationId: 'org-b' })).status).toBe(403)

    const otherAccount = await pat.post(
      SWITCH,
      { organisationId: 'org-b' },
      { [SYNC_ACCOUNT_HEADER]: 'org-b/someone-else' },
    )
    expect(otherAccount.status).toBe(409)

    for (const body of [{}, { organisationId: 5 }, { organisationId: '' }, 'not json']) {
      const refused = await pat.post(SWITCH, body, await ownAccount(pat))
      expect(refused.status, JSON.stringify(body)).toBe(400)
    }
    expect((await readUser(pat)).organizationId).toBe('org-a')
    expect(pat.cookies.get('centraal_session')).toBe(token)
  })
})

describe('attackers', () => {
  test('an outsider without a session gets 401', async () => {
    const outsider = createClient(server.url)
    const answer = await outsider.post(SWITCH, { organisationId: 'org-a' })
    expect(answer.status).toBe(401)
  })

  test("a stranger who registers with a person's address reaches none of that person's organisations", async () => {
    // Registration is open; the stranger registers Pat's address with a password of their own.
    const stranger = createClient(server.url)
    const registration = { name: 'Sam Stranger', email: 'pat@example.com', password: 'sam pw 1234' }
    expect((await stranger.post('/api/auth/register/email', registration)).status).toBe(201)
    const login = await stranger.post('/api/auth/login/email', registration)
    expect((login.json as SignedIn).user).toMatchObject({
      organizationId: 'default-org',
      otherOrganisations: [],
    } satisfies PartOf<SignedIn['user']>)
    for (const organisationId of ['org-a', 'org-b', 'org-c']) {
      const refused = await stranger.post(SWITCH, { organisationId }, await ownAccount(stranger))
      expect(refused.status, organisationId).toBe(403)
    }
    expect((await readUser(stranger)).organizationId).toBe('default-org')
  })

  test('a SELLER with only a Gold Estates session gets 401', async () => {
    await createAccount('owner@alfa.example', 'org-a', 'owner password', 'SUPERADMIN')
    const owner = await signIn(server, { email: 'owner@alfa.example', password: 'owner password' })
    expect((await owner.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const { client: seller } = await signInNewSeller(server, owner, {
      name: 'Sam Verkoper',
      email: 'seller@alfa.example',
      role: 'SELLER',
    })
    for (const organisationId of ['org-a', 'org-b']) {
      expect((await seller.post(SWITCH, { organisationId })).status).toBe(401)
    }
  })

  test("another organisation's ADMIN, signed in alone, cannot switch anywhere", async () => {
    await createAccount('admin@charlie.example', 'org-c', 'admin password', 'ADMIN')
    const admin = await signIn(server, {
      email: 'admin@charlie.example',
      password: 'admin password',
    })
    expect((await readUser(admin)).otherOrganisations).toEqual([])
    for (const organisationId of ['org-a', 'org-b', 'default-org']) {
      const refused = await admin.post(SWITCH, { organisationId }, await ownAccount(admin))
      expect(refused.status, organisationId).toBe(403)
      expect((refused.json as ErrorAnswer).message).toBe(NOT_PROVEN)
    }
  })
})
