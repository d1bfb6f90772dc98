import { format } from 'date-fns/format'
import { subDays } from 'date-fns/subDays'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { signInAtNewOrganisation } from '../support/api-organisations.ts'
import { type Client, createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, TypedApi } from '../support/typed-client.ts'

type App = InferResponseType<TypedApi['app-connections']['$post'], 201>
type ApiKey = InferResponseType<TypedApi['app-connections'][':id']['api-key']['$post'], 201>
type Usage = InferResponseType<TypedApi['app-connections'][':id']['usage']['$get'], 200>

// What the Apps screen reads: GET /api/app-connections/:id/usage, whether a key exists,
// and that one organisation never sees or changes another's usage.

let server: TestServer
let admin: Client
let otherAdmin: Client
/** An app of each organisation. */
const appIds = { own: '', other: '' }

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadmin(server)
  otherAdmin = await signInAtNewOrganisation(server, 'org-b', 'ADMIN', 'boss@org-b.example')
  appIds.own = (
    (await admin.post('/api/app-connections', { name: 'Shop', url: 'https://a.example' }))
      .json as App
  ).id
  appIds.other = (
    (await otherAdmin.post('/api/app-connections', { name: 'B-app', url: 'https://b.example' }))
      .json as App
  ).id
})
afterAll(() => server.close())

const report = (key: string, body: unknown) =>
  createClient(server.url).post('/api/usage', body, { authorization: `Bearer ${key}` })

test('without a key or reports: an empty 30-day window and hasApiKey false', async () => {
  const usage = await admin.get(`/api/app-connections/${appIds.own}/usage`)
  expect(usage.status).toBe(200)
  expect(usage.json).toEqual({
    from: format(subDays(new Date(), 29), 'yyyy-MM-dd'),
    to: format(new Date(), 'yyyy-MM-dd'),
    days: [],
    totals: {},
    hasApiKey: false,
  } satisfies Usage)
})

test('after a key: hasApiKey true, and neither the key nor its hash is ever read back', async () => {
  const { apiKey } = (await admin.post(`/api/app-connections/${appIds.own}/api-key`)).json as ApiKey
  expect(apiKey).toMatch(/^cen_default-org\./)
  await report(apiKey, { metric: 'api_calls', value: 25 })
  await report(apiKey, { metric: 'cost_cents', value: 1234 })
  const usage = await admin.get(`/api/app-connections/${appIds.own}/usage?days=7`)
  const answer = usage.json as Usage
  expect(answer.hasApiKey).toBe(true)
  expect(answer.totals).toEqual({ api_calls: 25, cost_cents: 1234 })
  expect(answer.from).toBe(format(subDays(new Date(), 6), 'yyyy-MM-dd'))
  expect(usage.text).not.toContain(apiKey.split('.')[1])
  expect(usage.text).not.toMatch(/hash/i)
})

test('bad days, a bad id, an unknown app and a signed-out caller are refused', async () => {
  for (const days of ['0', '367', 'abc', '1.5']) {
    const response = await admin.get(`/api/app-connections/${appIds.own}/usage?days=${days}`)
    expect(response.status, `days=${days}`).toBe(400)
    expect((response.json as ErrorAnswer).message).toBeTruthy()
  }
  expect((await admin.get('/api/app-connections/not-a-uuid/usage')).status).toBe(400)
  expect(
    (await admin.get('/api/app-connections/01900000-0000-7000-8000-000000000000/usage')).status,
  ).toBe(404)
  expect(
    (await createClient(server.url).get(`/api/app-connections/${appIds.own}/usage`)).status,
  ).toBe(401)
  expect(
    (await createClient(server.url).post(`/api/app-connections/${appIds.own}/api-key`)).status,
  ).toBe(401)
})

test("organisation B can neither read organisation A's usage nor make A's key", async () => {
  expect((await otherAdmin.get(`/api/app-connections/${appIds.own}/usage`)).status).toBe(404)
  expect((await otherAdmin.post(`/api/app-connections/${appIds.own}/api-key`)).status).toBe(404)
  // B's own key reports into B's app only.
  const { apiKey } = (await otherAdmin.post(`/api/app-connections/${appIds.other}/api-key`))
    .json as ApiKey
  expect((await report(apiKey, { metric: 'api_calls', value: 7 })).status).toBe(201)
  const otherUsage = (await otherAdmin.get(`/api/app-connections/${appIds.other}/usage`))
    .json as Usage
  expect(otherUsage.totals).toEqual({ api_calls: 7 })
  const ownUsage = (await admin.get(`/api/app-connections/${appIds.own}/usage`)).json as Usage
  expect(ownUsage.totals.api_calls).toBe(25)
  expect((await admin.get(`/api/app-connections/${appIds.other}/usage`)).status).toBe(404)
})
