import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  addSellers,
  signInFirstSuperadmin,
  signInOtherOrganisationOwner,
  signInRegisteredStranger,
} from '../support/accounts.ts'
import { createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// GET /api/gold-estates/commission-plans/book: the plan book the screens read the
// placement and project-rate histories from. The ADMIN reads it whole, a SELLER only what
// is theirs, nobody outside the organisation's sales area anything.

type Client = ReturnType<typeof createClient>
type Book = {
  versions: { planId: string }[]
  placements: { sellerId: string; planId: string; from: string }[]
  projectRates: { projectId: string; planId: string | null; commissionPercentage: number | null }[]
}

const BOOK = '/api/gold-estates/commission-plans/book'
let server: TestServer
let admin: Client
let seller: Client
const ids = { anna: '', dirk: '', project: '', closers: '', office: '' }

const plan = (name: string) => ({
  name,
  period: 'year',
  mode: 'marginal',
  from: '2025-01-01',
  roles: [{ role: 'closer', share: 60, tiers: [{ fromVolume: 100_000_000, share: 70 }] }],
})

async function put(path: string, body: object) {
  const answer = await admin.request('PUT', path, body)
  expect(answer.status, answer.text).toBe(200)
}

beforeAll(async () => {
  server = await startTestServer({ REGISTRATION: 'open' })
  admin = await signInFirstSuperadmin(server)
  expect((await admin.post('/api/admin/launch-gold-estates')).status).toBe(200)
  ids.project = (await admin.post('/api/gold-estates/projects', { name: 'Singel' })).json.id
  const team = await addSellers(server, admin, { anna: 'Anna', dirk: 'Dirk' })
  ids.anna = team.ids.anna
  ids.dirk = team.ids.dirk
  seller = await team.signIn('dirk', 'SELLER')
  ids.closers = (await admin.post('/api/gold-estates/commission-plans', plan('Closers'))).json.id
  ids.office = (await admin.post('/api/gold-estates/commission-plans', plan('Kantoor'))).json.id
  await put(`/api/gold-estates/sellers/${ids.anna}/plan`, {
    planId: ids.office,
    from: '2025-01-01',
  })
  await put(`/api/gold-estates/sellers/${ids.dirk}/plan`, {
    planId: ids.closers,
    from: '2025-01-01',
  })
  await put(`/api/gold-estates/projects/${ids.project}/rate`, {
    from: '2025-01-01',
    planId: ids.office,
  })
  await put(`/api/gold-estates/projects/${ids.project}/rate`, {
    from: '2025-06-01',
    commissionPercentage: 2.5,
  })
})
afterAll(() => server?.close())

test('the ADMIN reads every version, placement and project rate', async () => {
  const book = (await admin.get(BOOK)).json as Book
  expect(book.versions).toHaveLength(2)
  expect(book.placements.map((placement) => placement.sellerId).sort()).toEqual(
    [ids.anna, ids.dirk].sort(),
  )
  expect(book.projectRates).toHaveLength(2)
})

test("a SELLER reads their own placement and plan, not another's", async () => {
  const book = (await seller.get(BOOK)).json as Book
  expect(book.placements).toEqual([{ sellerId: ids.dirk, planId: ids.closers, from: '2025-01-01' }])
  expect(book.versions.map((version) => version.planId)).toEqual([ids.closers])
  // The project's percentage stays; the plan it names is not theirs, so the row that only
  // named it is left out.
  expect(book.projectRates).toEqual([
    { projectId: ids.project, from: '2025-06-01', commissionPercentage: 2.5, planId: null },
  ])
})

test('an outsider, a registered stranger and another organisation read nothing', async () => {
  expect((await createClient(server.url).get(BOOK)).status).toBe(401)
  const stranger = await signInRegisteredStranger(server)
  expect([401, 403]).toContain((await stranger.get(BOOK)).status)
  const other = await signInOtherOrganisationOwner(server)
  const answer = await other.get(BOOK)
  // Their own (empty) sales area at most: never this organisation's rows.
  if (answer.status === 200) expect((answer.json as Book).versions).toEqual([])
  else expect([401, 403]).toContain(answer.status)
})
