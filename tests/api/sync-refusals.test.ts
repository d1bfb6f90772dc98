import type { InferResponseType } from 'hono/client'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { UserRole } from '#schema/roles'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInFirstSuperadmin, signInInvitedUser, signInNewSeller } from '../support/accounts.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { PartOf, TypedApi } from '../support/typed-client.ts'

/** Centraal's list and Gold Estates' are one service's answer. */
type Refusals = InferResponseType<TypedApi['sync-refusals']['$get'], 200>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>

// A replicated write the server refuses is kept with its reason: the person who made it
// finds it again (after a reload, on another device), the area's administrators see
// everyone's, and nobody outside the organisation or the area sees it.

let server: TestServer
let root: Client
let user: Client
let colleague: Client
let manager: Client
let admin: Client
let otherAdmin: Client
let seller: Client
let otherSeller: Client
let salesAdmin: Client

/** A Gold Estates sign-in of a new seller with the given sales role. */
const signInSeller = async (name: string, role: 'SELLER' | 'ADMIN') => {
  const email = `${name.toLowerCase().replace(/\W/g, '')}@example.com`
  return (await signInNewSeller(server, root, { name, email, role })).client
}

/** Pushes one new document and expects the server to refuse it. */
async function pushRefused(client: Client, collection: string, document: object) {
  const id = uuidv7()
  const answer = await client.post(`/api/sync/v1/${collection}/push`, {
    rows: [{ newDocumentState: { ...document, id, _deleted: false } }],
  })
  const { refused }: Pushed = answer.json
  expect(refused).toEqual([{ id, reason: expect.any(String) }])
  return { id, reason: refused[0]?.reason as string }
}

const list = async (client: Client, url: string) => {
  const answer = await client.get(url)
  expect(answer.status).toBe(200)
  return answer.json as Refusals
}

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  const invite = (email: string, role: UserRole, name: string, org?: string) =>
    signInInvitedUser(server, { email, role, name, org })
  user = await invite('ursula@example.com', 'USER', 'Ursula User')
  colleague = await invite('cor@example.com', 'USER', 'Cor Collega')
  manager = await invite('manon@example.com', 'MANAGER', 'Manon Manager')
  admin = await invite('ad@example.com', 'ADMIN', 'Ad Admin')
  await createOrganisation(server.deps, { id: 'org-b', name: 'B', slug: 'org-b' })
  otherAdmin = await invite('admin@b.example', 'ADMIN', 'Bea Beheer', 'org-b')
  expect((await root.post('/api/admin/launch-gold-estates')).status).toBe(200)
  seller = await signInSeller('Sanne Setter', 'SELLER')
  otherSeller = await signInSeller('Carla Collega', 'SELLER')
  salesAdmin = await signInSeller('Sam Salesadmin', 'ADMIN')
})
afterAll(() => server.close())

describe('Centraal', () => {
  let refusal: { id: string; reason: string }

  beforeAll(async () => {
    refusal = await pushRefused(user, 'users', {
      name: 'Nieuwe Naam',
      email: 'nieuw@example.com',
      role: 'USER',
      status: 'active',
    })
  })

  test('the person whose push was refused sees it with its reason and label', async () => {
    const own = await list(user, '/api/sync-refusals')
    expect(own).toEqual([
      {
        id: expect.any(String),
        collection: 'users',
        operation: 'create',
        entityId: refusal.id,
        label: 'Nieuwe Naam',
        reason: refusal.reason,
        createdAt: expect.any(Number),
        userId: expect.any(String),
        userName: 'Ursula User',
        values: { name: 'Nieuwe Naam', email: 'nieuw@example.com', role: 'USER', status: 'active' },
      },
    ])
    expect(refusal.reason).toContain('users.write')
  })

  test('a colleague does not see it; an ADMIN sees it with scope=organisation', async () => {
    expect(await list(colleague, '/api/sync-refusals')).toEqual([])
    expect(await list(admin, '/api/sync-refusals')).toEqual([])
    const everyone = await list(admin, '/api/sync-refusals?scope=organisation')
    expect(everyone).toContainEqual(
      expect.objectContaining({ entityId: refusal.id, userName: 'Ursula User' }),
    )
  })

  test('a USER or MANAGER asking for the organisation gets 403', async () => {
    for (const client of [user, manager]) {
      expect((await client.get('/api/sync-refusals?scope=organisation')).status).toBe(403)
    }
  })

  test("another organisation's ADMIN never sees it nor dismisses it", async () => {
    const [row] = await list(user, '/api/sync-refusals')
    expect(await list(otherAdmin, '/api/sync-refusals?scope=organisation')).toEqual([])
    expect((await otherAdmin.post(`/api/sync-refusals/${row!.id}/dismiss`)).status).toBe(404)
    expect(await list(user, '/api/sync-refusals')).toHaveLength(1)
  })

  test("another USER dismissing it gets 404; the sales area's dismissal too", async () => {
    const [row] = await list(user, '/api/sync-refusals')
    expect((await colleague.post(`/api/sync-refusals/${row!.id}/dismiss`)).status).toBe(404)
    const salesDismiss = await salesAdmin.post(`/api/gold-estates/sync-refusals/${row!.id}/dismiss`)
    expect(salesDismiss.status).toBe(404)
    expect(await list(user, '/api/sync-refusals')).toHaveLength(1)
  })

  test('dismissing it hides it for everyone', async () => {
    const [row] = await list(user, '/api/sync-refusals')
    const dismissed = await user.post(`/api/sync-refusals/${row!.id}/dismiss`)
    expect(dismissed.status).toBe(200)
    expect(await list(user, '/api/sync-refusals')).toEqual([])
    const everyone = await list(admin, '/api/sync-refusals?scope=organisation')
    expect(everyone.map((item) => item.entityId)).not.toContain(refusal.id)
    expect((await user.post(`/api/sync-refusals/${row!.id}/dismiss`)).status).toBe(404)
  })

  test("an ADMIN dismisses someone else's refusal in their organisation", async () => {
    const { id } = await pushRefused(colleague, 'appConnections', {
      name: 'Geheime App',
      url: 'https://geheim.example',
      status: 'active',
    })
    const everyone = await list(admin, '/api/sync-refusals?scope=organisation')
    const row = everyone.find((item) => item.entityId === id)
    expect(row).toMatchObject({ label: 'Geheime App', userName: 'Cor Collega' } satisfies PartOf<
      Refusals[number]
    >)
    expect((await admin.post(`/api/sync-refusals/${row!.id}/dismiss`)).status).toBe(200)
    expect(await list(colleague, '/api/sync-refusals')).toEqual([])
  })
})

describe('Gold Estates', () => {
  let refusal: { id: string; reason: string }

  beforeAll(async () => {
    refusal = await pushRefused(seller, 'projects', { name: 'Eigen Project', status: 'active' })
  })

  test('a SELLER sees their refusal; another SELLER does not; a sales ADMIN does', async () => {
    const own = await list(seller, '/api/gold-estates/sync-refusals')
    expect(own).toEqual([
      expect.objectContaining({
        collection: 'projects',
        operation: 'create',
        entityId: refusal.id,
        label: 'Eigen Project',
        reason: refusal.reason,
        userName: 'Sanne Setter',
      }),
    ])
    expect(await list(otherSeller, '/api/gold-estates/sync-refusals')).toEqual([])
    const everyone = await list(salesAdmin, '/api/gold-estates/sync-refusals?scope=organisation')
    expect(everyone.map((item) => item.entityId)).toEqual([refusal.id])
    const status = (await seller.get('/api/gold-estates/sync-refusals?scope=organisation')).status
    expect(status).toBe(403)
  })

  test("the areas stay apart: Centraal's lists never show a sales refusal", async () => {
    const central = await list(root, '/api/sync-refusals?scope=organisation')
    expect(central.map((item) => item.entityId)).not.toContain(refusal.id)
    const [row] = await list(seller, '/api/gold-estates/sync-refusals')
    expect((await root.post(`/api/sync-refusals/${row!.id}/dismiss`)).status).toBe(404)
    expect(
      (await otherSeller.post(`/api/gold-estates/sync-refusals/${row!.id}/dismiss`)).status,
    ).toBe(404)
    expect((await seller.post(`/api/gold-estates/sync-refusals/${row!.id}/dismiss`)).status).toBe(
      200,
    )
    expect(await list(salesAdmin, '/api/gold-estates/sync-refusals?scope=organisation')).toEqual([])
  })
})

test('bad query values and ids are 400; without a session 401', async () => {
  for (const url of ['/api/sync-refusals?scope=all', '/api/gold-estates/sync-refusals?scope=']) {
    const client = url.includes('gold-estates') ? seller : user
    const answer = await client.get(url)
    expectRefusal(answer, 400, /^scope: /)
  }
  expect((await user.post('/api/sync-refusals/not-an-id/dismiss')).status).toBe(400)
  expect((await createClient(server.url).get('/api/sync-refusals')).status).toBe(401)
  expect((await user.get('/api/gold-estates/sync-refusals')).status).toBe(401)
})
