import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import type { createClient } from '../support/http.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let server: TestServer
let root: ReturnType<typeof createClient>
let admin: ReturnType<typeof createClient>
let user: ReturnType<typeof createClient>
let otherOrgAdmin: ReturnType<typeof createClient>

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  admin = await signInInvitedUser(server, { email: 'admin@example.com', role: 'ADMIN' })
  user = await signInInvitedUser(server, { email: 'user@example.com', role: 'USER' })
  createOrganisation(server.deps, { id: 'other-org', name: 'Other', slug: 'other' })
  otherOrgAdmin = await signInInvitedUser(server, {
    email: 'boss@other.example',
    role: 'ADMIN',
    org: 'other-org',
  })
})
afterAll(() => server.close())

describe('users', () => {
  test('an ADMIN creates a user and gets a 7-day setup link', async () => {
    const created = await admin.post('/api/users', {
      name: 'Nina Nieuw',
      email: 'Nina@Example.com',
      role: 'MANAGER',
    })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      name: 'Nina Nieuw',
      email: 'nina@example.com',
      role: 'MANAGER',
      status: 'active',
    })
    expect(created.json.setupUrl).toMatch(/\/setup\/[a-z2-7]{32}$/)
    const week = 7 * 24 * 60 * 60 * 1000
    expect(Math.abs(created.json.setupUrlExpiresAt - (Date.now() + week))).toBeLessThan(60_000)
    const list = await admin.get('/api/users')
    expect(list.json.map((row: { email: string }) => row.email)).toContain('nina@example.com')
    expect(JSON.stringify(list.json)).not.toMatch(/argon2|password|setupToken/i)
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
      client.get('/api/users').then(({ json }) => json.map((row: { email: string }) => row.email))
    expect(await emails(admin)).toContain('otto@example.com')
    expect(await emails(otherOrgAdmin)).not.toContain('otto@example.com')
  })

  test('validates input with 400 and names the field', async () => {
    const response = await admin.post('/api/users', { name: 'N', email: 'not-an-email' })
    expect(response.status).toBe(400)
    expect(response.json.errors.map((error: { path: string }) => error.path)).toEqual([
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
    expect(
      (await admin.get('/api/users')).json.some(
        (row: { email: string }) => row.email === 'sneaky@example.com',
      ),
    ).toBe(false)
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
    const rootRow = (await admin.get('/api/users')).json.find(
      (row: { role: string }) => row.role === 'SUPERADMIN',
    )
    expect(
      (await admin.request('PATCH', `/api/users/${rootRow.id}`, { status: 'suspended' })).status,
    ).toBe(403)
    expect((await admin.request('DELETE', `/api/users/${rootRow.id}`)).status).toBe(403)
  })

  test('nobody deletes themself or demotes the last SUPERADMIN', async () => {
    const me = (await root.get('/api/auth/user')).json
    const self = await root.request('DELETE', `/api/users/${me.id}`)
    expect(self.status).toBe(409)
    const demote = await root.request('PATCH', `/api/users/${me.id}`, { role: 'ADMIN' })
    expect(demote.status).toBe(409)
    expect(demote.json.message).toMatch(/laatste SUPERADMIN/)
  })

  test('suspending a user ends their session; deleting frees the e-mail', async () => {
    const target = await signInInvitedUser(server, { email: 'temp@example.com', role: 'USER' })
    const id = (await target.get('/api/auth/user')).json.id
    expect((await admin.request('PATCH', `/api/users/${id}`, { status: 'suspended' })).status).toBe(
      200,
    )
    expect((await target.get('/api/auth/user')).status).toBe(401)
    expect((await admin.request('DELETE', `/api/users/${id}`)).status).toBe(200)
    expect((await admin.get('/api/users')).json.some((row: { id: string }) => row.id === id)).toBe(
      false,
    )
    expect(
      (await admin.post('/api/users', { name: 'Temp Again', email: 'temp@example.com' })).status,
    ).toBe(201)
  })
})

describe('app connections', () => {
  test('create, edit, delete with validation and activities', async () => {
    const bad = await admin.post('/api/app-connections', { name: '', url: 'nope' })
    expect(bad.status).toBe(400)
    expect(bad.json.errors.map((error: { message: string }) => error.message)).toEqual([
      'Naam is verplicht',
      'Voer een geldige URL in',
    ])
    const created = await admin.post('/api/app-connections', {
      name: 'CRM',
      url: 'https://crm.example.com',
    })
    expect(created.status).toBe(201)
    const id = created.json.id
    const edited = await admin.request('PATCH', `/api/app-connections/${id}`, {
      description: 'Klanten',
    })
    expect(edited.json).toMatchObject({ name: 'CRM', description: 'Klanten' })
    expect(
      (await user.request('PATCH', `/api/app-connections/${id}`, { name: 'Hacked' })).status,
    ).toBe(403)
    expect((await admin.request('DELETE', `/api/app-connections/${id}`)).status).toBe(200)
    expect((await admin.request('DELETE', `/api/app-connections/${id}`)).status).toBe(404)
    const actions = (await admin.get('/api/activities')).json.map(
      (row: { action: string }) => row.action,
    )
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
    expect(second.json.id).toBe(first.json.id)
    const wikis = (await admin.get('/api/app-connections')).json.filter(
      (row: { name: string }) => row.name === 'Wiki',
    )
    expect(wikis).toHaveLength(1)
  })

  test('a replayed invitation gets the same setup link, which is stored only sealed', async () => {
    const headers = { 'idempotency-key': 'invite-kim-1' }
    const body = { name: 'Kim', email: 'kim@example.com', role: 'USER' }
    const first = await admin.post('/api/users', body, headers)
    const second = await admin.post('/api/users', body, headers)
    expect(first.status).toBe(201)
    expect(second.json).toEqual(first.json)
    const token = first.json.setupUrl.split('/setup/')[1]
    expect(token).toMatch(/.{20,}/)
    const file = openOrganisationFile(server.dataDir)
    const stored = file
      .prepare("select response from idempotency_keys where key = 'invite-kim-1'")
      .pluck()
      .get() as string
    file.close()
    expect(stored).toMatch(/^v1:/)
    expect(stored).not.toContain(token)
  })
})

describe('stats, activities and organisation', () => {
  test('stats count live users and apps and the last 7 days of activity', async () => {
    const stats = (await admin.get('/api/stats')).json
    const users = (await admin.get('/api/users')).json
    expect(stats.totalUsers).toBe(users.length)
    expect(stats.activeUsers).toBe(
      users.filter((row: { status: string }) => row.status === 'active').length,
    )
    expect(stats.totalApps).toBe((await admin.get('/api/app-connections')).json.length)
    expect(stats.recentActivities).toBeGreaterThan(5)
  })

  test('PATCH /api/organisation saves name and contact e-mail (settings.write)', async () => {
    expect((await user.request('PATCH', '/api/organisation', { name: 'Mine' })).status).toBe(403)
    const saved = await admin.request('PATCH', '/api/organisation', {
      name: 'Acme BV',
      contactEmail: 'info@acme.nl',
    })
    expect(saved.json).toMatchObject({
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
    const theirUsers = (await otherOrgAdmin.get('/api/users')).json
    expect(theirUsers.map((row: { email: string }) => row.email)).toEqual(['boss@other.example'])
    const ours = (await admin.get('/api/users')).json[0]
    expect(
      (await otherOrgAdmin.request('PATCH', `/api/users/${ours.id}`, { name: 'Taken' })).status,
    ).toBe(404)
    expect((await otherOrgAdmin.request('DELETE', `/api/users/${ours.id}`)).status).toBe(404)
    expect((await otherOrgAdmin.get('/api/app-connections')).json).toEqual([])
    const org = (await otherOrgAdmin.get('/api/organisation')).json
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
