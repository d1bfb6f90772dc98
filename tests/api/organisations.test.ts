import { existsSync } from 'node:fs'
import path from 'node:path'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { PartOf, TypedApi } from '../support/typed-client.ts'

type Created = InferResponseType<TypedApi['organisations']['$post'], 201>
type Listed = InferResponseType<TypedApi['organisations']['$get'], 200>
type Invited = InferResponseType<TypedApi['organisations'][':id']['invite']['$post'], 201>
type Login = InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

test('a platform SUPERADMIN creates an organisation with its own file and invites its owner', async () => {
  const root = await signInFirstSuperadmin(server)
  const created = await root.post('/api/organisations', { name: 'Acme BV', slug: 'Acme-BV' })
  expect(created.status).toBe(201)
  const organisation: Created = created.json
  expect(organisation).toMatchObject({ name: 'Acme BV', slug: 'acme-bv' } satisfies PartOf<
    typeof organisation
  >)
  const id = organisation.id
  expect(existsSync(path.join(server.dataDir, 'orgs', `${id}.sqlite`))).toBe(true)
  expect((await root.post('/api/organisations', { name: 'Acme 2', slug: 'acme-bv' })).status).toBe(
    409,
  )
  expect((await root.post('/api/organisations', { name: 'Bad', slug: 'no spaces!' })).status).toBe(
    400,
  )
  const list: Listed = (await root.get('/api/organisations')).json
  expect(list.map((row) => row.slug).sort()).toEqual(['acme-bv', 'default-org'])

  const invite = await root.post(`/api/organisations/${id}/invite`, {
    name: 'Anna Acme',
    email: 'anna@acme.nl',
  })
  expect(invite.status).toBe(201)
  const token = (invite.json as Invited).setupUrl.split('/setup/')[1]
  const anna = createClient(server.url)
  expect((await anna.post(`/api/auth/setup/${token}`, { password: 'anna password' })).status).toBe(
    200,
  )
  const login = await anna.post('/api/auth/login/email', {
    email: 'anna@acme.nl',
    password: 'anna password',
  })
  // The invited person owns the new organisation: its SUPERADMIN, without platform rights.
  const { user }: Extract<Login, { user: unknown }> = login.json
  expect(user).toMatchObject({ role: 'SUPERADMIN', organizationId: id } satisfies PartOf<
    typeof user
  >)
  expect(user.permissions).toContain('sales.launch')
  expect(user.permissions).not.toContain('organisations.manage')
  const theirUsers: InferResponseType<TypedApi['users']['$get'], 200> = (
    await anna.get('/api/users')
  ).json
  expect(theirUsers.map((row) => row.email)).toEqual(['anna@acme.nl'])
  expect((await anna.get('/api/organisations')).status).toBe(403)
  expect((await anna.post('/api/organisations', { name: 'Mine', slug: 'mine' })).status).toBe(403)
  expect(
    (await anna.post('/api/organisations/default-org/invite', { name: 'A B', email: 'a@b.nl' }))
      .status,
  ).toBe(403)
  expect(
    (await root.post('/api/organisations/does-not-exist/invite', { name: 'X Y', email: 'x@y.nl' }))
      .status,
  ).toBe(404)
})

// An offline queue of an earlier version may hold calls to the paths spelled the American
// way; replayed once the device is back, they do what the new paths do (decision 020).
test('the old paths /api/organization and /api/organizations still answer', async () => {
  const root = await signInInvitedUser(server, {
    email: 'platform-root@example.com',
    role: 'SUPERADMIN',
  })
  const replay = { 'Idempotency-Key': crypto.randomUUID() }
  const saved = await root.request('PATCH', '/api/organization', { name: 'Oude Spelling' }, replay)
  expect(saved.status).toBe(200)
  const again = await root.request('PATCH', '/api/organization', { name: 'Oude Spelling' }, replay)
  expect(again.json).toEqual(saved.json)
  const own: InferResponseType<TypedApi['organisation']['$get'], 200> = (
    await root.get('/api/organisation')
  ).json
  expect(own.name).toBe('Oude Spelling')
  expect((await root.get('/api/organization')).json).toEqual(
    (await root.get('/api/organisation')).json,
  )

  const created = await root.post('/api/organizations', { name: 'Oud BV', slug: 'oud-bv' })
  expect(created.status).toBe(201)
  const listed: Listed = (await root.get('/api/organisations')).json
  expect(listed.map((row) => row.slug)).toContain('oud-bv')
  expect((await root.get('/api/organizations')).json).toEqual(listed)
  const invite = await root.post(`/api/organizations/${(created.json as Created).id}/invite`, {
    name: 'Olga Oud',
    email: 'olga@oud.nl',
  })
  expect(invite.status).toBe(201)
  const user = await signInInvitedUser(server, { email: 'plain-user@example.com', role: 'USER' })
  expect((await user.request('PATCH', '/api/organization', { name: 'Weg' })).status).toBe(403)
})

test('an ADMIN may not manage organisations (403)', async () => {
  const admin = await signInInvitedUser(server, { email: 'plain-admin@example.com', role: 'ADMIN' })
  expect((await admin.get('/api/organisations')).status).toBe(403)
  expect((await admin.post('/api/organisations', { name: 'Mine', slug: 'mine' })).status).toBe(403)
})
