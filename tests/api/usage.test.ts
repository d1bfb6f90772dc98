import { format } from 'date-fns/format'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { type Client, createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

type Apps = TypedApi['app-connections']
type App = InferResponseType<Apps['$post'], 201>
type Key = InferResponseType<Apps[':id']['api-key']['$post'], 201>
type Usage = InferResponseType<Apps[':id']['usage']['$get'], 200>

let server: TestServer
let admin: Client
/** The app that reports usage (the organisation's webshop), and its key. */
const webshop = { id: '', apiKey: '' }

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadmin(server)
  webshop.id = (
    (await admin.post('/api/app-connections', { name: 'Webshop', url: 'https://shop.example.com' }))
      .json as App
  ).id
  const key = await admin.post(`/api/app-connections/${webshop.id}/api-key`)
  expect(key.status).toBe(201)
  webshop.apiKey = (key.json as Key).apiKey
})
afterAll(() => server.close())

const report = (body: unknown, key = webshop.apiKey) =>
  createClient(server.url).post('/api/usage', body, { authorization: `Bearer ${key}` })

// Twenty senders at once, each waiting for its answer: every batch the server commits holds
// posts of several senders, so a post lost or counted twice between batches would show.
test('2,000 usage posts from twenty senders at once are all counted', async () => {
  const total = 2000
  let sent = 0
  const worker = async () => {
    while (sent < total) {
      sent += 1
      const response = await report({ metric: 'api_calls', value: 1 })
      if (response.status !== 201) throw new Error(`status ${response.status}`)
    }
  }
  await Promise.all(Array.from({ length: 20 }, worker))
  const usage: Usage = (await admin.get(`/api/app-connections/${webshop.id}/usage?days=30`)).json
  expect(usage.totals.api_calls).toBe(total)
}, 180_000)

test('sums per day, keeps the highest value of a gauge, and takes a date', async () => {
  await report({ metric: 'cost_cents', value: 150 })
  await report({ metric: 'cost_cents', value: 250 })
  await report({ metric: 'db_bytes', value: 5_000 })
  await report({ metric: 'db_bytes', value: 3_000 })
  const yesterday = format(new Date(Date.now() - 86_400_000), 'yyyy-MM-dd')
  await report({ metric: 'db_bytes', value: 1_000, date: yesterday })
  const usage: Usage = (await admin.get(`/api/app-connections/${webshop.id}/usage`)).json
  expect(usage.totals).toMatchObject({ cost_cents: 400, db_bytes: 5_000 } satisfies PartOf<
    typeof usage.totals
  >)
  expect(usage.days.filter((point: { metric: string }) => point.metric === 'db_bytes')).toEqual([
    { date: yesterday, metric: 'db_bytes', value: 1_000 },
    { date: format(new Date(), 'yyyy-MM-dd'), metric: 'db_bytes', value: 5_000 },
  ])
})

test('a wrong or missing key is 401, bad values 400; rotating retires the old key', async () => {
  expect(
    (
      await report(
        { metric: 'api_calls', value: 1 },
        'cen_default-org.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      )
    ).status,
  ).toBe(401)
  expect(
    (await createClient(server.url).post('/api/usage', { metric: 'api_calls', value: 1 })).status,
  ).toBe(401)
  expect((await report({ metric: 'api_calls', value: -1 })).status).toBe(400)
  expect((await report({ metric: 'Bad Metric', value: 1 })).status).toBe(400)
  const rotated = ((await admin.post(`/api/app-connections/${webshop.id}/api-key`)).json as Key)
    .apiKey
  expect(rotated).not.toBe(webshop.apiKey)
  expect((await report({ metric: 'api_calls', value: 1 })).status).toBe(401)
  expect((await report({ metric: 'api_calls', value: 1 }, rotated)).status).toBe(201)
  const user = await signInInvitedUser(server, { email: 'viewer@example.com', role: 'USER' })
  expect((await user.post(`/api/app-connections/${webshop.id}/api-key`)).status).toBe(403)
  expect((await user.get(`/api/app-connections/${webshop.id}/usage`)).status).toBe(200)
  const listed: InferResponseType<Apps['$get'], 200> = (await admin.get('/api/app-connections'))
    .json
  expect(JSON.stringify(listed)).not.toContain(rotated)
})

/** A new app of the organisation with its API key. */
async function newAppKey(name: string) {
  const app: App = (
    await admin.post('/api/app-connections', { name, url: 'https://app.example.com' })
  ).json
  const id = app.id
  const key = await admin.post(`/api/app-connections/${id}/api-key`)
  expect(key.status).toBe(201)
  return { id, key: (key.json as Key).apiKey }
}

test('an app reports at most 100 distinct metric names; the 101st is 400 and not stored, known names still count', async () => {
  const app = await newAppKey('Veel Metrieken')
  // Sent together: the bound holds for reports committed in one batch too.
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, index) => report({ metric: `m${index}`, value: 1 }, app.key)),
  )
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201))
  const refused = await report({ metric: 'nog.een', value: 1 }, app.key)
  expect(refused.status).toBe(400)
  const refusal: ErrorAnswer = refused.json
  expect(refusal.message).toBe(
    'Deze app heeft al 100 verschillende metrieken; nog.een wordt niet geteld. Rapporteer onder een bestaande naam.',
  )
  expect(refusal.errors).toEqual([{ path: 'metric', message: refusal.message }])
  // A known name is still counted, on another day too; another app has its own room.
  expect((await report({ metric: 'm7', value: 2 }, app.key)).status).toBe(201)
  const yesterday = format(new Date(Date.now() - 86_400_000), 'yyyy-MM-dd')
  expect((await report({ metric: 'm8', value: 1, date: yesterday }, app.key)).status).toBe(201)
  expect((await report({ metric: 'nog.een', value: 1, date: yesterday }, app.key)).status).toBe(400)
  const other = await newAppKey('Andere App')
  expect((await report({ metric: 'nog.een', value: 1 }, other.key)).status).toBe(201)
  const usage: Usage = (await admin.get(`/api/app-connections/${app.id}/usage`)).json
  expect(Object.keys(usage.totals)).toHaveLength(100)
  expect(usage.totals).not.toHaveProperty('nog.een')
  expect(usage.totals.m7).toBe(3)
})

test('101 new names at once from one app: exactly 100 are stored', async () => {
  const app = await newAppKey('Tegelijk')
  const answers = await Promise.all(
    Array.from({ length: 101 }, (_, index) => report({ metric: `t${index}`, value: 1 }, app.key)),
  )
  const statuses = answers.map((answer) => answer.status)
  expect(statuses.filter((status) => status === 201)).toHaveLength(100)
  expect(statuses.filter((status) => status === 400)).toHaveLength(1)
  const usage: Usage = (await admin.get(`/api/app-connections/${app.id}/usage`)).json
  expect(Object.keys(usage.totals)).toHaveLength(100)
})

test('a usage report naming an epoch other than the organisation’s is 409 and not counted', async () => {
  const app = await newAppKey('Met Tijdperk')
  const named = (epoch: string) =>
    createClient(server.url).post(
      '/api/usage',
      { metric: 'api_calls', value: 5 },
      { authorization: `Bearer ${app.key}`, 'x-centraal-epoch': epoch },
    )
  expect((await named('1')).status).toBe(409)
  expect((await named('0')).status).toBe(201)
  const usage: Usage = (await admin.get(`/api/app-connections/${app.id}/usage`)).json
  expect(usage.totals.api_calls).toBe(5)
})
