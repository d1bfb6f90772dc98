import { eq } from 'drizzle-orm'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loginDirectory } from '#schema/db/system'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { readOrganisationValue } from '../support/api-files.ts'
import { signInAtNewOrganisation } from '../support/api-organisations.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import type { Client } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type ErrorAnswer, type TypedApi, typedClient } from '../support/typed-client.ts'

let server: TestServer
let root: Client
let admin: Client
let user: Client
let otherOrgAdmin: Client

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  admin = await signInInvitedUser(server, { email: 'admin@example.com', role: 'ADMIN' })
  user = await signInInvitedUser(server, { email: 'user@example.com', role: 'USER' })
  otherOrgAdmin = await signInAtNewOrganisation(server, 'other-org', 'ADMIN', 'boss@other.example')
})
afterAll(() => server.close())

type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>
// Without mail an invitation's answer carries its setup link.
type Invited = Extract<InferResponseType<TypedApi['users']['$post'], 201>, { invited: false }>
type App = InferResponseType<TypedApi['app-connections']['$post'], 201>

async function listUsers(client: Client) {
  const answer = await typedClient(server.url, client.cookies).users.$get()
  if (answer.status !== 200) throw new Error(`users: ${answer.status}`)
  return answer.json()
}

async function listApps(client: Client) {
  const answer = await typedClient(server.url, client.cookies)['app-connections'].$get()
  if (answer.status !== 200) throw new Error(`app connections: ${answer.status}`)
  return answer.json()
}

describe('users', () => {
  test('an ADMIN creates a user and gets a 7-day setup link', async () => {
    const created = await admin.post('/api/users', {
      name: 'Nina Nieuw',
      email: 'Nina@Example.com',
      role: 'MANAGER',
    })
    expect(created.status).toBe(201)
    const invited: Invited = created.json
    expect(invited).toMatchObject({
      name: 'Nina Nieuw',
      email: 'nina@example.com',
      role: 'MANAGER',
      status: 'active',
    })
    expect(invited.setupUrl).toMatch(/\/setup\/[a-z2-7]{32}$/)
    const week = 7 * 24 * 60 * 60 * 1000
    expect(Math.abs(invited.setupUrlExpiresAt - (Date.now() + week))).toBeLessThan(60_000)
    const list = await listUsers(admin)
    expect(list.map((row) => row.email)).toContain('nina@example.com')
    expect(JSON.stringify(list)).not.toMatch(/argon2|password|setupToken/i)
  })

  test("the spec's payload names organizationId; the user joins the caller's organisation", async () => {
    const created = await admin.post('/api/users', {
      name: 'Otto Spec',
      email: 'otto@example.com',
      role: 'USER',
      status: 'active',
      organizationId: 'other-org',
    })
    expect(created.status).toBe(201)
    const emails = (client: typeof admin) =>
      listUsers(client).then((rows) => rows.map((row) => row.email))
    expect(await emails(admin)).toContain('otto@example.com')
    expect(await emails(otherOrgAdmin)).not.toContain('otto@example.com')
  })

  test('validates input with 400 and names the field', async () => {
    const response = await admin.post('/api/users', { name: 'N', email: 'not-an-email' })
    expect(response.status).toBe(400)
    expect((response.json as ErrorAnswer).errors?.map((error) => error.path)).toEqual([
      'name',
      'email',
    ])
    const badRole = await admin.post('/api/users', {
      name: 'Nora',
      email: 'nora@example.com',
      role: 'GOD',
    })
    expect(badRole.status).toBe(400)
  })

  test('a USER may read but not write users (403)', async () => {
    expect((await user.get('/api/users')).status).toBe(200)
    const response = await user.post('/api/users', { name: 'Sneaky', email: 'sneaky@example.com' })
    expect(response.status).toBe(403)
    expect((await listUsers(admin)).some((row) => row.email === 'sneaky@example.com')).toBe(false)
  })

  test('an ADMIN cannot create, change or delete a SUPERADMIN', async () => {
    expect(
      (
        await admin.post('/api/users', {
          name: 'Super',
          email: 'super@example.com',
          role: 'SUPERADMIN',
        })
      ).status,
    ).toBe(403)
    const rootRow = (await listUsers(admin)).find((row) => row.role === 'SUPERADMIN')
    expect(
      (await admin.request('PATCH', `/api/users/${rootRow?.id}`, { status: 'suspended' })).status,
    ).toBe(403)
    expect((await admin.request('DELETE', `/api/users/${rootRow?.id}`)).status).toBe(403)
  })

  test('nobody deletes themself or demotes the last SUPERADMIN', async () => {
    const me: User = (await root.get('/api/auth/user')).json
    const self = await root.request('DELETE', `/api/users/${me.id}`)
    expect(self.status).toBe(409)
    const demote = await root.request('PATCH', `/api/users/${me.id}`, { role: 'ADMIN' })
    expectRefusal(demote, 409, /laatste SUPERADMIN/)
  })

  test('suspending a user ends their session; deleting frees the e-mail', async () => {
    const target = await signInInvitedUser(server, { email: 'temp@example.com', role: 'USER' })
    const id = ((await target.get('/api/auth/user')).json as User).id
    expect((await admin.request('PATCH', `/api/users/${id}`, { status: 'suspended' })).status).toBe(
      200,
    )
    expect((await target.get('/api/auth/user')).status).toBe(401)
    expect((await admin.request('DELETE', `/api/users/${id}`)).status).toBe(200)
    expect((await listUsers(admin)).some((row) => row.id === id)).toBe(false)
    expect(
      (await admin.post('/api/users', { name: 'Temp Again', email: 'temp@example.com' })).status,
    ).toBe(201)
  })
})

describe('app connections', () => {
  test('create, edit, delete with validation and activities', async () => {
    const bad = await admin.post('/api/app-connections', { name: '', url: 'nope' })
    expect(bad.status).toBe(400)
    expect((bad.json as ErrorAnswer).errors?.map((error) => error.message)).toEqual([
      'Naam is verplicht',
      'Voer een geldige URL in',
    ])
    const created = await admin.post('/api/app-connections', {
      name: 'CRM',
      url: 'https://crm.example.com',
    })
    expect(created.status).toBe(201)
    const id = (created.json as App).id
    const edited = await admin.request('PATCH', `/api/app-connections/${id}`, {
      description: 'Klanten',
    })
    const app: InferResponseType<TypedApi['app-connections'][':id']['$patch'], 200> = edited.json
    expect(app).toMatchObject({ name: 'CRM', description: 'Klanten' })
    expect(
      (await user.request('PATCH', `/api/app-connections/${id}`, { name: 'Hacked' })).status,
    ).toBe(403)
    expect((await admin.request('DELETE', `/api/app-connections/${id}`)).status).toBe(200)
    expect((await admin.request('DELETE', `/api/app-connections/${id}`)).status).toBe(404)
    const activities: InferResponseType<TypedApi['activities']['$get'], 200> = (
      await admin.get('/api/activities')
    ).json
    const actions = activities.map((row) => row.action)
    expect(actions.slice(0, 3)).toEqual(['App verwijderd', 'App bijgewerkt', 'App toegevoegd'])
  })

  test('an Idempotency-Key replay has exactly one effect', async () => {
    const headers = { 'idempotency-key': 'create-wiki-1' }
    const first = await admin.post(
      '/api/app-connections',
      { name: 'Wiki', url: 'https://wiki.example.com' },
      headers,
    )
    const second = await admin.post(
      '/api/app-connections',
      { name: 'Wiki', url: 'https://wiki.example.com' },
      headers,
    )
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect((second.json as App).id).toBe((first.json as App).id)
    const wikis = (await listApps(admin)).filter((row) => row.name === 'Wiki')
    expect(wikis).toHaveLength(1)
  })

  test('a replayed invitation gets the same setup link, which is stored only sealed', async () => {
    const headers = { 'idempotency-key': 'invite-kim-1' }
    const body = { name: 'Kim', email: 'kim@example.com', role: 'USER' }
    const first = await admin.post('/api/users', body, headers)
    const second = await admin.post('/api/users', body, headers)
    expect(first.status).toBe(201)
    expect(second.json).toEqual(first.json)
    const token = (first.json as Invited).setupUrl.split('/setup/')[1]
    expect(token).toMatch(/.{20,}/)
    const stored = readOrganisationValue(
      server.dataDir,
      "select response from idempotency_keys where key = 'invite-kim-1'",
    ) as string
    expect(stored).toMatch(/^v1:/)
    expect(stored).not.toContain(token)
  })

  test('with an Idempotency-Key, a created user is in the login directory once, and a deleted one leaves it', async () => {
    const listed = (userId: string) =>
      server.deps.systemDb
        .select()
        .from(loginDirectory)
        .where(eq(loginDirectory.userId, userId))
        .all()
    const body = { name: 'Lien', email: 'Lien@Example.com', role: 'USER' }
    const created = await admin.post('/api/users', body, { 'idempotency-key': 'lien-1' })
    expect(created.status, created.text).toBe(201)
    const { id } = created.json as { id: string }
    expect((await admin.post('/api/users', body, { 'idempotency-key': 'lien-1' })).status).toBe(201)
    expect(listed(id)).toEqual([
      {
        email: 'lien@example.com',
        kind: 'central',
        organisationId: 'default-org',
        userId: id,
        oidcSubject: null,
      },
    ])
    const again = await admin.post('/api/users', body, { 'idempotency-key': 'lien-2' })
    expectRefusal(again, 409, 'Dit e-mailadres is al in gebruik')
    const headers = { 'idempotency-key': 'lien-3' }
    expect((await admin.request('DELETE', `/api/users/${id}`, undefined, headers)).status).toBe(200)
    expect(listed(id)).toEqual([])
  })
})

describe('stats, activities and organisation', () => {
  test('stats count live users and apps and the last 7 days of activity', async () => {
    const stats: InferResponseType<TypedApi['stats']['$get'], 200> = (await admin.get('/api/stats'))
      .json
    const users = await listUsers(admin)
    expect(stats.totalUsers).toBe(users.length)
    expect(stats.activeUsers).toBe(users.filter((row) => row.status === 'active').length)
    expect(stats.totalApps).toBe((await listApps(admin)).length)
    expect(stats.recentActivities).toBeGreaterThan(5)
  })

  test('PATCH /api/organisation saves name and contact e-mail (settings.write)', async () => {
    expect((await user.request('PATCH', '/api/organisation', { name: 'Mine' })).status).toBe(403)
    const saved = await admin.request('PATCH', '/api/organisation', {
      name: 'Acme BV',
      contactEmail: 'info@acme.nl',
    })
    const organisation: InferResponseType<TypedApi['organisation']['$patch'], 200> = saved.json
    expect(organisation).toMatchObject({
      id: 'default-org',
      name: 'Acme BV',
      contactEmail: 'info@acme.nl',
    })
    expect(
      (await admin.request('PATCH', '/api/organisation', { contactEmail: 'nope' })).status,
    ).toBe(400)
  })
})

describe('organisations are isolated', () => {
  test('an admin of another organisation sees and touches nothing of default-org', async () => {
    const theirUsers = await listUsers(otherOrgAdmin)
    expect(theirUsers.map((row) => row.email)).toEqual(['boss@other.example'])
    const ours = (await listUsers(admin))[0]
    // A missing row would make the 404s below prove nothing.
    if (!ours) throw new Error('default-org lists no users')
    expect(
      (await otherOrgAdmin.request('PATCH', `/api/users/${ours.id}`, { name: 'Taken' })).status,
    ).toBe(404)
    expect((await otherOrgAdmin.request('DELETE', `/api/users/${ours.id}`)).status).toBe(404)
    expect(await listApps(otherOrgAdmin)).toEqual([])
    const org: InferResponseType<TypedApi['organisation']['$get'], 200> = (
      await otherOrgAdmin.get('/api/organisation')
    ).json
    expect(org.id).toBe('other-org')
  })

  test('every central data call needs a session (401)', async () => {
    const { createClient } = await import('../support/http.ts')
    const anonymous = createClient(server.url)
    for (const path of [
      '/api/users',
      '/api/app-connections',
      '/api/stats',
      '/api/activities',
      '/api/organisation',
    ]) {
      expect((await anonymous.get(path)).status).toBe(401)
    }
  })
})
