import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadminWithGoldEstates, signInInvitedUser } from '../support/accounts.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { type Client, createClient } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { moveSellerSignIn } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

// When what a person may read changes, a pull from their old checkpoint starts over
// (`reset`) with what they may read now; the device drops the rest
// (tests/unit/sync-access-change.test.ts shows the device's side).

let server: TestServer
let root: Client
let seller: Client
const sellerIds: Record<string, string> = {}
const saleIds: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadminWithGoldEstates(server)
  const projectId = await addProject(root, 'Havenkwartier')
  for (const name of ['Xander', 'Yara']) {
    const created: InferResponseType<TypedApi['gold-estates']['sellers']['$post'], 201> = (
      await root.post('/api/gold-estates/sellers', {
        name,
        email: `${name.toLowerCase()}@example.com`,
      })
    ).json
    sellerIds[name] = created.id
    const sale = await root.post(
      '/api/gold-estates/sales',
      buildSalePayload({
        projectId,
        clientName: `Klant van ${name}`,
        salePrice: 200_000_00,
        lines: [{ sellerId: created.id, percentage: 100 }],
      }),
    )
    expect(sale.status).toBe(201)
    const stored: InferResponseType<TypedApi['gold-estates']['sales']['$post'], 201> = sale.json
    saleIds[name] = stored.id
  }
  const link = await root.post(`/api/gold-estates/sellers/${sellerIds.Xander}/login`, {
    role: 'SELLER',
  })
  const setup: Extract<
    InferResponseType<TypedApi['gold-estates']['sellers'][':id']['login']['$post'], 201>,
    { invited: false }
  > = link.json
  seller = createClient(server.url)
  await seller.post(`/api/auth/setup/${setup.setupUrl.split('/setup/')[1]}`, {
    password: 'xander password',
  })
  const login = await seller.post('/api/gold-estates/auth/login', {
    email: 'xander@example.com',
    password: 'xander password',
  })
  expect(login.status).toBe(200)
})
afterAll(() => server?.close())

async function pull(client: Client, collection: string, seq = 0, access?: string) {
  const query = new URLSearchParams({ checkpoint: String(seq), limit: '1000' })
  if (access) query.set('access', access)
  const page = await client.get(`/api/sync/v1/${collection}/pull?${query}`)
  expect(page.status).toBe(200)
  const answer: InferResponseType<
    TypedApi['sync'][':version'][':collection']['pull']['$get'],
    200
  > = page.json
  return answer
}

test("a SELLER whose sign-in is linked to another seller record gets a fresh start with that seller's sales", async () => {
  const first = await pull(seller, 'sales')
  expect(first.documents.map((doc) => doc.id)).toEqual([saleIds.Xander])
  // Nothing changed: the checkpoint holds.
  const same = await pull(seller, 'sales', first.checkpoint.seq, first.checkpoint.access)
  expect(same.reset).toBeUndefined()
  expect(same.documents).toEqual([])

  // The administrator links the sign-in to Yara's record instead (Xander's record loses it).
  moveSellerSignIn(server.dataDir, sellerIds.Xander as string, sellerIds.Yara as string)

  const after = await pull(seller, 'sales', first.checkpoint.seq, first.checkpoint.access)
  expect(after.reset).toBe(true)
  expect(after.documents.map((doc) => doc.id)).toEqual([saleIds.Yara])
  expect(after.checkpoint.access).not.toBe(first.checkpoint.access)
  const lines = await pull(seller, 'commissions', first.checkpoint.seq, first.checkpoint.access)
  expect(lines.reset).toBe(true)
  expect(lines.documents.every((line) => line.id)).toBe(true)
})

test("a person's new role resets the pull; the same rights never do", async () => {
  const manager = await signInInvitedUser(server, { email: 'mia@example.com', role: 'MANAGER' })
  const first = await pull(manager, 'appConnections')
  const from = Math.max(first.checkpoint.seq, 1)
  expect(
    (await pull(manager, 'appConnections', from, first.checkpoint.access)).reset,
  ).toBeUndefined()
  const user: InferResponseType<TypedApi['auth']['user']['$get'], 200> = (
    await manager.get('/api/auth/user')
  ).json
  const id = user.id
  expect((await root.request('PATCH', `/api/users/${id}`, { role: 'ADMIN' })).status).toBe(200)
  const after = await pull(manager, 'appConnections', from, first.checkpoint.access)
  expect(after.reset).toBe(true)
})
