import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signInFirstSuperadminWithGoldEstates, signInSeller } from '../support/accounts.ts'
import type { Pulled } from '../support/answers.ts'
import { addProject, addSeller } from '../support/api-gold-estates.ts'
import type { Client } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { waitFor } from '../support/sse.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import {
  type ErrorAnswer,
  type PartOf,
  type TypedApi,
  typedClient,
} from '../support/typed-client.ts'

type Settings = InferResponseType<TypedApi['gold-estates']['settings']['$get'], 200>

// Sellers see what is theirs: not the CRM integration, not colleagues' e-mail or phone.
// The CRM key is sealed at rest and in backups, and goes only to the address it was
// entered for.

const KEY = 'crm-secret-key-7f3a9c'
const authorizations: (string | undefined)[] = []
const crm = http.createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    authorizations.push(request.headers.authorization)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('{"id":"opp-1"}')
  })
})

let server: TestServer
let root: Client
let seller: Client
let crmUrl: string
/** The project, and the seller signed in as `seller`. */
const ids = { project: '', ownSeller: '' }

beforeAll(async () => {
  await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve))
  crmUrl = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/hooks/lead`
  server = await startTestServer({ ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_RETRY_BASE_MS: '50' })
  root = await signInFirstSuperadminWithGoldEstates(server)
  ids.project = await addProject(root, 'Havenkwartier')
  await addSeller(root, { name: 'Carla Collega', email: 'carla@example.com', phone: '0611111111' })
  const sanne = { name: 'Sanne Setter', email: 'sanne@example.com', phone: '0622222222' }
  ids.ownSeller = await addSeller(root, sanne)
  seller = await signInSeller(server, root, {
    id: ids.ownSeller,
    email: sanne.email,
    role: 'SELLER',
  })
  const saved = await root.request('PATCH', '/api/gold-estates/settings', {
    xmsEnabled: true,
    xmsWebhookUrl: crmUrl,
    xmsApiKey: KEY,
    xmsLocationId: 'loc-1',
    xmsPipelineId: 'pipe-1',
  })
  expect(saved.status).toBe(200)
})
afterAll(async () => {
  await server?.close()
  await new Promise<void>((resolve) => crm.close(() => resolve()))
})

describe('what a SELLER sees', () => {
  test('the CRM integration: whether it is on, never its address, ids, key or errors', async () => {
    const mine: Settings = (await seller.get('/api/gold-estates/settings')).json
    expect(mine).toMatchObject({
      xmsEnabled: true,
      xmsWebhookUrl: null,
      xmsApiKey: null,
      xmsLocationId: null,
      xmsPipelineId: null,
      defaultRecipientEmail: null,
      defaultRecipientPhone: null,
    } satisfies PartOf<Settings>)
    expect(JSON.stringify(mine)).not.toContain('7f3a9c')
    const admins: Settings = (await root.get('/api/gold-estates/settings')).json
    expect(admins).toMatchObject({
      xmsWebhookUrl: crmUrl,
      xmsApiKey: '••••••••3a9c',
      xmsLocationId: 'loc-1',
    } satisfies PartOf<Settings>)
  })

  test('colleagues as name and role only, by REST and by replication; their own row whole', async () => {
    const listed = await (
      await typedClient(server.url, seller.cookies)['gold-estates'].sellers.$get()
    ).json()
    const page = await seller.get('/api/sync/v1/sellers/pull?checkpoint=0&limit=100')
    const pulled = (page.json as Pulled).documents as Record<string, unknown>[]
    for (const rows of [listed, pulled]) {
      const carla = rows.find((row) => row.name === 'Carla Collega')
      expect(carla).toMatchObject({ email: null, phone: null, userId: null })
      const own = rows.find((row) => row.id === ids.ownSeller)
      expect(own).toMatchObject({ email: 'sanne@example.com', phone: '0622222222' })
      expect(JSON.stringify(rows)).not.toContain('carla@example.com')
      expect(JSON.stringify(rows)).not.toContain('0611111111')
    }
    const adminView = await (
      await typedClient(server.url, root.cookies)['gold-estates'].sellers.$get()
    ).json()
    expect(adminView.map((row) => row.email)).toContain('carla@example.com')
  })
})

describe('the CRM key', () => {
  test('is sealed in the file and absent from a JSON backup', async () => {
    const db = openOrganisationFile(server.dataDir)
    const stored = db.prepare('select xms_api_key from sales_settings').pluck().get() as string
    db.close()
    expect(stored).not.toContain(KEY)
    expect(stored).toMatch(/^v1:/)
    const backup = await root.post('/api/admin/backup', { format: 'json' })
    expect(backup.status).toBe(200)
    expect(backup.text).not.toContain(KEY)
  })

  test('a lead is delivered with the key', async () => {
    const sale = await root.post(
      '/api/gold-estates/sales',
      buildSalePayload({
        projectId: ids.project,
        salePrice: 300_000_00,
        lines: [{ sellerId: ids.ownSeller, percentage: 100 }],
      }),
    )
    expect(sale.status).toBe(201)
    await waitFor(() => authorizations.length > 0)
    expect(authorizations[0]).toBe(`Bearer ${KEY}`)
  })

  test('a key stored in clear by an older version is sealed when the file opens', async () => {
    const older = await startTestServer()
    await older.close({ keepData: true })
    const db = openOrganisationFile(older.dataDir)
    db.prepare('update sales_settings set xms_api_key = ?').run('legacy-clear-key')
    db.close()
    const upgraded = await startTestServer({}, { dataDir: older.dataDir })
    try {
      const check = openOrganisationFile(older.dataDir)
      const stored = check.prepare('select xms_api_key from sales_settings').pluck().get()
      check.close()
      expect(stored).toMatch(/^v1:/)
    } finally {
      await upgraded.close()
    }
  })

  test('a new webhook URL needs the key again; the stored key is not sent there', async () => {
    const before: Settings = (await root.get('/api/gold-estates/settings')).json
    const moved = await root.request('PATCH', '/api/gold-estates/settings', {
      xmsWebhookUrl: 'https://attacker.example/collect',
      xmsApiKey: before.xmsApiKey,
    })
    expect(moved.status).toBe(400)
    expect((moved.json as ErrorAnswer).errors).toEqual([
      { path: 'xmsApiKey', message: expect.stringMatching(/API key opnieuw/) },
    ])
    const onlyUrl = await root.request('PATCH', '/api/gold-estates/settings', {
      xmsWebhookUrl: 'https://attacker.example/collect',
    })
    expect(onlyUrl.status).toBe(400)
    const kept: Settings = (await root.get('/api/gold-estates/settings')).json
    expect(kept.xmsWebhookUrl).toBe(crmUrl)
    const both = await root.request('PATCH', '/api/gold-estates/settings', {
      xmsWebhookUrl: 'https://crm.example.com/new',
      xmsApiKey: 'a-new-key-1234',
    })
    expect(both.status).toBe(200)
    expect(both.json).toMatchObject({
      xmsWebhookUrl: 'https://crm.example.com/new',
      xmsApiKey: '••••••••1234',
    } satisfies PartOf<InferResponseType<TypedApi['gold-estates']['settings']['$patch'], 200>>)
  })
})
