import type { InferResponseType } from 'hono/client'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { newAppDocument } from '../support/app-document.ts'
import type { Client } from '../support/http.ts'
import { type Identity, type MatrixTargets, signInIdentities } from '../support/identities.ts'
import { buildSalePayload } from '../support/sales.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type TypedApi, typedClient } from '../support/typed-client.ts'

type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>

// A push now answers every row it wrote with the row as stored (so a device takes the
// server's seq and fields whichever arrives first, that answer or a pull). Tried as the
// people who could abuse it: the answer holds the pusher's own rows and nothing else.

let server: TestServer
let clients: Record<Identity, Client>
let targets: MatrixTargets

beforeAll(async () => {
  server = await startTestServer()
  ;({ clients, targets } = await signInIdentities(server))
})
afterAll(() => server?.close())

const push = (
  identity: Identity,
  collection: string,
  documents: object[],
): Promise<{ status: number; json: Pushed }> =>
  clients[identity].post(`/api/sync/v1/${collection}/push`, {
    rows: documents.map((document) => ({ newDocumentState: document })),
  })

const app = (name: string) => ({
  ...newAppDocument({ id: uuidv7(), name, url: 'https://push.example.com' }),
  _deleted: false,
})

test("a SELLER's pushed sale comes back as stored, alone: nobody else's sale or line", async () => {
  const now = Date.now()
  const sale = {
    id: uuidv7(),
    ...buildSalePayload({
      projectId: targets.projectId,
      salePrice: 250_000_00,
      lines: [{ sellerId: targets.ownSellerId, percentage: 100 }],
    }),
    saleDate: '2026-11-01',
    status: 'completed',
    createdBy: null,
    createdAt: now,
    updatedAt: now,
    seq: 0,
    _deleted: false,
  }
  const answer = await push('seller', 'sales', [sale])
  expect(answer.status).toBe(200)
  expect(answer.json.refused).toEqual([])
  expect(answer.json.conflicts.map((row) => row.id)).toEqual([sale.id])
  expect(answer.json.conflicts[0]?.seq).toBeGreaterThan(0)
})

test("another organisation's ADMIN gets back only the app they wrote, stored in their organisation", async () => {
  const own = app('Van B')
  const answer = await push('otherAdmin', 'appConnections', [own])
  expect(answer.json.conflicts.map((row) => row.id)).toEqual([own.id])
  // default-org never sees it; org-b's own list does.
  const defaultList = await (
    await typedClient(server.url, clients.admin.cookies)['app-connections'].$get()
  ).json()
  expect(defaultList.some((row) => row.id === own.id)).toBe(false)
  const orgBList = await (
    await typedClient(server.url, clients.otherAdmin.cookies)['app-connections'].$get()
  ).json()
  expect(orgBList.some((row) => row.id === own.id)).toBe(true)
  // Pushing default-org's app id from org-b creates nothing there and answers nothing of it.
  const borrowed = { ...app('Geleend'), id: targets.appId }
  const second = await push('otherAdmin', 'appConnections', [borrowed])
  expect(second.json.conflicts.every((row) => row.name !== 'Doel App')).toBe(true)
})

test('a USER who may not write apps gets a refusal and no stored row but their own state back', async () => {
  const denied = app('Niet toegestaan')
  const answer = await push('user', 'appConnections', [denied])
  expect(answer.json.refused.map((refusal) => refusal.id)).toEqual([denied.id])
  // The revert: a tombstone of what they sent, nothing of anyone else's.
  expect(answer.json.conflicts).toEqual([
    expect.objectContaining({ id: denied.id, _deleted: true }),
  ])
})
