import type { InferResponseType } from 'hono/client'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { Pulled, Seller } from '../support/answers.ts'
import { addProject } from '../support/api-gold-estates.ts'
import type { Client } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { waitFor } from '../support/sse.ts'
import {
  installOnlineEvents,
  type NodeSyncClient,
  type OnlineEvents,
  openNodeSyncClient,
} from '../support/sync-node-client.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

type SalesUser = InferResponseType<TypedApi['gold-estates']['auth']['user']['$get'], 200>

// A device kept up to date by the event stream alone (decision 018): the product's
// replication in Node, with the server's stream. Writes reach it without a pull; when
// its stream breaks in the middle of a burst, it reconnects, pulls once and holds every
// document, none missed and none twice.

let server: TestServer
let admin: Client
let account: { organisationId: string; userId: string }
let projectId: string
let sellerId: string
let online: OnlineEvents
let device: NodeSyncClient | undefined

beforeAll(async () => {
  server = await startTestServer()
  online = installOnlineEvents()
  admin = await signInFirstSuperadmin(server)
  await expectCreated(admin.post('/api/admin/launch-gold-estates'))
  const user = (await admin.get('/api/gold-estates/auth/user')).json as SalesUser
  account = { organisationId: String(user.organizationId), userId: String(user.id) }
  projectId = await addProject(admin, 'Havenkwartier')
  sellerId = (
    (await admin.post('/api/gold-estates/sellers', { name: 'Xander', email: 'x@example.com' }))
      .json as Seller
  ).id
})
afterEach(async () => {
  await device?.close()
  device = undefined
})
afterAll(async () => {
  online.uninstall()
  await server?.close()
})

async function expectCreated(request: Promise<{ status: number; json: { id: string } }>) {
  const response = await request
  expect(response.status).toBeLessThan(300)
  return response.json
}

const registerSale = (index: number) =>
  expectCreated(
    admin.post(
      '/api/gold-estates/sales',
      buildSalePayload({
        projectId,
        clientName: `Klant ${index}`,
        propertyNumber: `K-${index}`,
        salePrice: 250_000_00 + index,
        lines: [{ sellerId, percentage: 100 }],
      }),
    ),
  )

async function openDevice() {
  const opened = await openNodeSyncClient({
    name: 'field phone',
    area: 'sales',
    remotes: ['projects', 'sellers', 'sales'],
    account,
    cookies: new Map(admin.cookies),
    origin: () => server.url,
    onOnline: () => online.dispatchOnline(),
    stream: 'server',
    // A dropped stream reopens after a tenth of a second, not the product's two: the
    // catch-up is what is tested, not the wait before it.
    retryTiming: { retryMs: 300, firstBackoffMs: 100, maxBackoffMs: 1000 },
  })
  // Its stream is open and the RESYNC it starts with has been pulled.
  await waitFor(() => opened.network.resyncsHeard === 1, 5000)
  await opened.awaitInSync()
  return opened
}

async function heldSales(opened: NodeSyncClient) {
  const documents = await opened.documents('sales')
  return new Map([...documents].filter(([, document]) => !document._deleted))
}

test('writes reach the device through the stream, without a pull each', async () => {
  device = await openDevice()
  const pullsAfterOpening = device.network.pulls
  const before = (await heldSales(device)).size
  const written: string[] = []
  for (let index = 0; index < 10; index++) written.push((await registerSale(index)).id)
  const opened = device
  await expect
    .poll(async () => (await heldSales(opened)).size, { timeout: 10_000 })
    .toBe(before + written.length)
  const held = await heldSales(opened)
  for (const id of written) expect(held.get(id)?.clientName).toMatch(/^Klant \d$/)
  // The ten sales came with the stream: no pull was needed for any of them.
  expect(device.network.pulls - pullsAfterOpening).toBe(0)
})

test('a stream dropped in the middle of a burst: the device catches up with every document', async () => {
  device = await openDevice()
  const opened = device
  const before = (await heldSales(opened)).size
  const written: string[] = []
  const burst = (async () => {
    for (let index = 0; index < 30; index++) {
      written.push((await registerSale(100 + index)).id)
      if (index === 10) opened.dropStream()
    }
  })()
  await burst
  await expect
    .poll(async () => (await heldSales(opened)).size, { timeout: 20_000 })
    .toBe(before + written.length)
  const held = await heldSales(opened)
  expect(written.filter((id) => !held.has(id))).toEqual([])
  // And every held sale is the server's latest state.
  const server = await admin.get('/api/sync/v1/sales/pull?checkpoint=0&limit=1000')
  for (const document of (server.json as Pulled).documents) {
    expect(held.get(document.id)?.seq, document.id).toBe(document.seq)
  }
})
