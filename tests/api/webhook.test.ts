import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ROOT, signIn, signInFirstSuperadmin } from '../support/accounts.ts'
import type { Client } from '../support/http.ts'
import { buildSalePayload, postSale } from '../support/sales.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { waitFor } from '../support/sse.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type TypedApi, typedClient } from '../support/typed-client.ts'

type Settings = InferResponseType<TypedApi['gold-estates']['settings']['$get'], 200>

// A local CRM stand-in: answers with the statuses queued in `plan`, then 200.
const received: {
  body: Record<string, unknown>
  headers: http.IncomingHttpHeaders
  status: number
}[] = []
let plan: number[] = []
const receiver = http.createServer((request, response) => {
  let text = ''
  request.on('data', (chunk) => (text += chunk))
  request.on('end', () => {
    const status = plan.shift() ?? 200
    received.push({ body: JSON.parse(text), headers: request.headers, status })
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify(status === 200 ? { id: `opp-${received.length}` } : { message: 'nope' }),
    )
  })
})
let receiverUrl: string
let server: TestServer
let root: Client
let projectId: string
let sellerId: string
const settings = { ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_RETRY_BASE_MS: '50' }

async function registerSale(clientName: string) {
  const payload = buildSalePayload({
    projectId,
    clientName,
    salePrice: 30_000_000,
    lines: [{ sellerId, percentage: 100 }],
  })
  return (await postSale(server, root, payload)).id
}

function outboxRow(saleId: string) {
  const db = openOrganisationFile(server.dataDir)
  const row = db
    .prepare(
      'select status, attempts, last_error as lastError from webhook_outbox where sale_id = ?',
    )
    .get(saleId)
  const sale = db
    .prepare(
      'select xms_synced as synced, xms_opportunity_id as opportunityId from sales where id = ?',
    )
    .get(saleId)
  db.close()
  return { ...(row as object), ...(sale as object) } as Record<string, unknown>
}

/**
 * Proves that no further delivery of the leads before it is on its way: once every retry
 * they could have had is due, a new lead is registered and delivered. The outbox sends
 * what is due oldest first, so a lead sent again would have reached the receiver before
 * this one. Answers the name it was registered under.
 */
async function deliverMarker() {
  const db = openOrganisationFile(server.dataDir)
  const lastDue = db.prepare('select max(next_attempt_at) from webhook_outbox').pluck().get()
  db.close()
  await waitFor(() => Date.now() > Number(lastDue))
  const name = `Markering ${received.length}`
  const saleId = await registerSale(name)
  // Room for a loaded machine: the deliverer looks every half second.
  await waitFor(() => outboxRow(saleId).status === 'delivered', 20_000)
  return name
}

/** Signs in the first SUPERADMIN (created on a fresh directory) and opens Gold Estates. */
async function signInRoot({ isFresh }: { isFresh: boolean }) {
  if (isFresh) root = await signInFirstSuperadmin(server)
  else root = await signIn(server, ROOT)
  await root.post('/api/admin/launch-gold-estates')
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/lead`
  server = await startTestServer(settings)
  await signInRoot({ isFresh: true })
  const sales = typedClient(server.url, root.cookies)['gold-estates']
  await sales.settings.$patch({
    json: {
      xmsEnabled: true,
      xmsWebhookUrl: receiverUrl,
      xmsApiKey: 'crm-secret',
      xmsLocationId: 'loc-1',
      xmsPipelineId: 'pipe-1',
    },
  })
  projectId = (await (await sales.projects.$post({ json: { name: 'Havenkwartier' } })).json()).id
  sellerId = (await (await sales.sellers.$post({ json: { name: 'Cor Closer' } })).json()).id
})
afterAll(async () => {
  await server.close()
  receiver.close()
})

test('a registered sale is delivered once, with the lead and the API key', async () => {
  received.length = 0
  const saleId = await registerSale('Lead Eén')
  await waitFor(() => outboxRow(saleId).status === 'delivered')
  expect(received).toHaveLength(1)
  expect(received[0]!.headers.authorization).toBe('Bearer crm-secret')
  expect(received[0]!.body).toMatchObject({
    name: 'Lead Eén',
    project: 'Havenkwartier',
    price: 300_000,
    locationId: 'loc-1',
    pipelineId: 'pipe-1',
  })
  expect(outboxRow(saleId)).toMatchObject({ attempts: 1, synced: 1, opportunityId: 'opp-1' })
  const marker = await deliverMarker()
  expect(received.map((request) => request.body.name)).toEqual(['Lead Eén', marker])
})

test('500 twice then 200: delivered on the third try', async () => {
  received.length = 0
  plan = [500, 500]
  const saleId = await registerSale('Lead Twee')
  await waitFor(() => outboxRow(saleId).status === 'delivered', 10_000)
  expect(received.map((request) => request.status)).toEqual([500, 500, 200])
  expect(outboxRow(saleId).attempts).toBe(3)
})

test('a 4xx stops with the reason, shown in the settings', async () => {
  received.length = 0
  plan = [422]
  const saleId = await registerSale('Lead Drie')
  await waitFor(() => outboxRow(saleId).status === 'failed')
  expect(outboxRow(saleId).lastError).toMatch(/^HTTP 422/)
  const shown = ((await root.get('/api/gold-estates/settings')).json as Settings).lastDelivery
  expect(shown).toMatchObject({ status: 'failed', attempts: 1 })
  const marker = await deliverMarker()
  expect(received.map((request) => request.body.name)).toEqual(['Lead Drie', marker])
})

test('a restart between attempts neither loses nor repeats the lead', async () => {
  received.length = 0
  plan = [503]
  const saleId = await registerSale('Lead Vier')
  await waitFor(() => received.length === 1)
  const dataDir = server.dataDir
  await server.close({ keepData: true })
  server = await startTestServer(settings, { dataDir })
  await waitFor(() => outboxRow(saleId).status === 'delivered', 10_000)
  expect(
    received
      .filter((request) => request.body.name === 'Lead Vier')
      .map((request) => request.status),
  ).toEqual([503, 200])
  expect(new Set(received.map((request) => request.headers['idempotency-key'])).size).toBe(1)
})

test('without ALLOW_PRIVATE_WEBHOOKS a loopback address is refused', async () => {
  const dataDir = server.dataDir
  await server.close({ keepData: true })
  server = await startTestServer({ WEBHOOK_RETRY_BASE_MS: '50' }, { dataDir })
  await signInRoot({ isFresh: false })
  received.length = 0
  const saleId = await registerSale('Lead Vijf')
  await waitFor(() => outboxRow(saleId).status === 'failed')
  expect(outboxRow(saleId).lastError).toMatch(/niet publiek/)
  expect(received).toHaveLength(0)
})
