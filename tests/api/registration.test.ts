import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { signInAtNewOrganisation } from '../support/api-organisations.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, createClient } from '../support/http.ts'
import { openSystemFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type PartOf, type TypedApi, typedClient } from '../support/typed-client.ts'

type Registered = InferResponseType<TypedApi['auth']['register']['email']['$post'], 201>
type Registrations = InferResponseType<TypedApi['users']['registrations']['$get'], 200>
type Approved = InferResponseType<TypedApi['users'][':id']['approve']['$post'], 200>
type Registration = InferResponseType<TypedApi['auth']['registration']['$get'], 200>

// Registration that cannot be abused: by default a stranger who registers waits for an
// administrator and reads nothing meanwhile; `open` and `closed` are the alternatives.

const stranger = { name: 'Sam Stranger', email: 'sam@example.com', password: 'sam password 1' }

describe('REGISTRATION=approval (the default)', () => {
  let server: TestServer
  let root: Client

  beforeAll(async () => {
    server = await startTestServer()
    root = await signInFirstSuperadmin(server)
  })
  afterAll(async () => {
    await server?.close()
  })

  test('the page learns the mode', async () => {
    expect((await createClient(server.url).get('/api/auth/registration')).json).toEqual({
      mode: 'approval',
    } satisfies Registration)
  })

  test('a stranger registers, cannot sign in, and reads nothing of the platform', async () => {
    const client = createClient(server.url)
    const registered = await client.post('/api/auth/register/email', stranger)
    expect(registered.status).toBe(201)
    expect((registered.json as Registered).status).toBe('awaiting_approval')
    const login = await client.post('/api/auth/login/email', stranger)
    expectRefusal(login, 403, 'Je account wacht op goedkeuring door een beheerder.')
    expect(login.headers.get('set-cookie')).toBeNull()
    for (const path of ['/api/users', '/api/activities', '/api/app-connections', '/api/stats']) {
      expect((await client.get(path)).status).toBe(401)
    }
    expect((await client.get('/api/sync/v1/users/pull')).status).toBe(401)
    // A wrong password still says nothing about the account.
    const wrong = await client.post('/api/auth/login/email', { ...stranger, password: 'nope' })
    expect(wrong.status).toBe(401)
  })

  test('the Dashboard feed says someone registered', async () => {
    const feed = await (await typedClient(server.url, root.cookies).activities.$get()).json()
    expect(feed.some((item) => item.action === 'Nieuwe registratie wacht op goedkeuring')).toBe(
      true,
    )
  })

  test('a USER neither lists nor approves; an ADMIN approves and the stranger signs in', async () => {
    const user = await signInInvitedUser(server, { email: 'user@example.com', role: 'USER' })
    expect((await user.get('/api/users/registrations')).status).toBe(403)
    const admin = await signInInvitedUser(server, { email: 'admin@example.com', role: 'ADMIN' })
    const waiting = await admin.get('/api/users/registrations')
    expect(waiting.status).toBe(200)
    const registrations: Registrations = waiting.json
    expect(registrations).toMatchObject([
      { name: stranger.name, email: stranger.email },
    ] satisfies PartOf<Registrations>)
    const id = registrations[0]!.id
    expect((await user.post(`/api/users/${id}/approve`)).status).toBe(403)
    const approved = await admin.post(`/api/users/${id}/approve`)
    expect(approved.status).toBe(200)
    expect(approved.json).toMatchObject({
      status: 'active',
      role: 'USER',
    } satisfies PartOf<Approved>)
    expect((await admin.post(`/api/users/${id}/approve`)).status).toBe(409)
    expect((await admin.get('/api/users/registrations')).json).toEqual([])
    const login = await createClient(server.url).post('/api/auth/login/email', stranger)
    expect(login.status).toBe(200)
  })

  test('another organisation cannot approve a registration of the platform', async () => {
    const registrant = { name: 'Tom Wacht', email: 'tom@example.com', password: 'tom password 1' }
    await createClient(server.url).post('/api/auth/register/email', registrant)
    const id = ((await root.get('/api/users/registrations')).json as Registrations)[0]!.id
    const otherAdmin = await signInAtNewOrganisation(server, 'org-x', 'ADMIN', 'admin@x.example')
    expect((await otherAdmin.get('/api/users/registrations')).json).toEqual([])
    expect((await otherAdmin.post(`/api/users/${id}/approve`)).status).toBe(404)
    expect((await createClient(server.url).post('/api/auth/login/email', registrant)).status).toBe(
      403,
    )
  })

  test('a taken address is counted by the throttle first and answered as a free one (issue 47 §2)', async () => {
    const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` })
    const proxied = await startTestServer({ TRUST_PROXY: 'true' })
    try {
      const client = createClient(proxied.url)
      const body = (n: number) => ({ ...stranger, email: `spam-${n}@example.com` })
      const free = await client.post('/api/auth/register/email', body(0), from(1))
      const taken = await client.post('/api/auth/register/email', body(0), from(2))
      expect(free.status).toBe(201)
      expect(taken.status).toBe(201)
      expect(taken.text).toBe(free.text)
      expect(free.json).toEqual({
        message: 'Registratie ontvangen. Een beheerder moet je account nog goedkeuren.',
        status: 'awaiting_approval',
      } satisfies Registered)
      // Both set the same cookie (a sealed remembered account): it tells nothing either.
      expect(cookieNames(taken)).toEqual(cookieNames(free))
      // Nothing changed for the taken address: one account, its first password.
      const system = openSystemFile(proxied.dataDir)
      expect(
        system
          .prepare("select count(*) from login_directory where email = 'spam-0@example.com'")
          .pluck()
          .get(),
      ).toBe(1)
      system.close()

      // 29 attempts on a taken address meet the throttle as 29 on free ones do.
      const answers = async (client: Client, email: (n: number) => string, n: number) => {
        const statuses: number[] = []
        for (let attempt = 0; attempt < 29; attempt++) {
          const answer = await client.post(
            '/api/auth/register/email',
            { ...stranger, email: email(attempt) },
            from(n),
          )
          statuses.push(answer.status)
        }
        return statuses
      }
      const onTaken = await answers(client, () => 'spam-0@example.com', 3)
      const onFree = await answers(client, (attempt) => `free-${attempt}@example.com`, 4)
      expect(onTaken).toEqual(onFree)
      expect(onTaken.filter((status) => status === 201)).toHaveLength(10)
      expect(onTaken.slice(10).every((status) => status === 429)).toBe(true)
    } finally {
      await proxied.close()
    }
  })
})

const cookieNames = (answer: { headers: Headers }) =>
  answer.headers
    .getSetCookie()
    .map((line) => line.split('=')[0])
    .sort()

test('REGISTRATION=open: active at once', async () => {
  const server = await startTestServer({ REGISTRATION: 'open' })
  try {
    const client = createClient(server.url)
    const registered: Registered = (await client.post('/api/auth/register/email', stranger)).json
    expect(registered.status).toBe('active')
    expect((await client.post('/api/auth/login/email', stranger)).status).toBe(200)
  } finally {
    await server.close()
  }
})

test('REGISTRATION=closed: 403, and the address stays free', async () => {
  const server = await startTestServer({ REGISTRATION: 'closed' })
  try {
    const client = createClient(server.url)
    expect((await client.get('/api/auth/registration')).json).toEqual({
      mode: 'closed',
    } satisfies Registration)
    const answer = await client.post('/api/auth/register/email', stranger)
    expectRefusal(answer, 403, /Registreren is uitgeschakeld/)
    const system = openSystemFile(server.dataDir)
    expect(system.prepare('select count(*) from login_directory').pluck().get()).toBe(0)
    system.close()
  } finally {
    await server.close()
  }
})
