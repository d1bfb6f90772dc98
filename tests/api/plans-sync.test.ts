import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  addSellers,
  signInFirstSuperadminWithGoldEstates,
  signInOtherOrganisationOwner,
} from '../support/accounts.ts'
import { addProject } from '../support/api-gold-estates.ts'
import {
  asDeviceSale,
  createPlan as createPlanAs,
  EURO,
  placeSeller,
  pushSale,
} from '../support/commission-plans.ts'
import type { Client } from '../support/http.ts'
import { readTables } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { PartOf, TypedApi } from '../support/typed-client.ts'

// Commission plans on devices (decision 040): plans, versions, placements and project
// rates replicate read-only; a SELLER's device holds their own plans and placements and
// the projects' plans, never who else is on which plan; a sale's lines carry the plan
// version and tier that made them. Every push of a plan document is refused.

type Doc = Record<string, unknown> & { id: string }
type Page = InferResponseType<TypedApi['sync'][':version'][':collection']['pull']['$get'], 200>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>
type Sale = InferResponseType<TypedApi['gold-estates']['sales'][':id']['$get'], 200>

const PLAN_COLLECTIONS = [
  'commissionPlans',
  'commissionPlanVersions',
  'planPlacements',
  'projectRates',
]
let server: TestServer
let admin: Client
let dirk: Client
let signInTeam: Awaited<ReturnType<typeof addSellers<'anna' | 'bram' | 'dirk'>>>['signIn']
let otherOwner: Client
let projectId: string
let ids: Record<'anna' | 'bram' | 'dirk', string>
const plans = { closers: '', setters: '', project: '', unused: '' }

async function pull(client: Client, collection: string, checkpoint = 0) {
  const page = await client.get(
    `/api/sync/v1/${collection}/pull?checkpoint=${checkpoint}&limit=1000`,
  )
  expect(page.status, page.text).toBe(200)
  const answer: Page = page.json
  return answer
}
const idsOf = (documents: Doc[]) => documents.map((doc) => doc.id).sort()

function planBody(name: string, from = '2025-01-01') {
  return {
    name,
    period: 'year',
    mode: 'retroactive',
    from,
    roles: [
      { role: 'closer', share: 60, tiers: [{ fromVolume: 1_000_000 * EURO, share: 70 }] },
      { role: 'setter', share: 20, tiers: [] },
    ],
  }
}

const createPlan = async (name: string) => (await createPlanAs(admin, planBody(name))).id

const place = (sellerId: string, planId: string, from?: string) =>
  placeSeller(admin, sellerId, planId, from)

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Singel')
  const team = await addSellers(server, admin, { anna: 'Anna', bram: 'Bram', dirk: 'Dirk' })
  ids = team.ids
  signInTeam = team.signIn
  dirk = await team.signIn('dirk', 'SELLER')
  otherOwner = await signInOtherOrganisationOwner(server)
  plans.closers = await createPlan('Closers')
  plans.setters = await createPlan('Setters')
  plans.unused = await createPlan('Ongebruikt')
  await place(ids.anna, plans.setters)
  await place(ids.dirk, plans.closers)
})
afterAll(() => server?.close())

test('the sales ADMIN pulls every plan, version, placement and project rate', async () => {
  expect(idsOf((await pull(admin, 'commissionPlans')).documents)).toEqual(
    [plans.closers, plans.setters, plans.unused].sort(),
  )
  const versions = (await pull(admin, 'commissionPlanVersions')).documents
  expect(versions).toHaveLength(3)
  expect(versions[0]).toMatchObject({
    from: '2025-01-01',
    period: 'year',
    mode: 'retroactive',
  } satisfies PartOf<(typeof versions)[number]>)
  expect(versions[0]).not.toHaveProperty('organisationId')
  const placements = (await pull(admin, 'planPlacements')).documents
  expect(placements.map((doc) => doc.sellerId).sort()).toEqual([ids.anna, ids.dirk].sort())
})

test('a SELLER pulls their own plan and placement, not who else is on which plan', async () => {
  expect(idsOf((await pull(dirk, 'commissionPlans')).documents)).toEqual([plans.closers])
  const versions = (await pull(dirk, 'commissionPlanVersions')).documents
  expect(versions.map((doc) => doc.planId)).toEqual([plans.closers])
  const placements = (await pull(dirk, 'planPlacements')).documents
  expect(placements).toEqual([
    expect.objectContaining({ sellerId: ids.dirk, planId: plans.closers }),
  ])
})

test('a plan a SELLER is put on later, or a project is, reaches their device', async () => {
  const before = {
    plans: await pull(dirk, 'commissionPlans'),
    versions: await pull(dirk, 'commissionPlanVersions'),
  }
  const checkpointOf = (page: { checkpoint: { seq: number }; upTo?: number }) =>
    page.upTo ?? page.checkpoint.seq
  // A project's own plan from a date: every SELLER's device receives it and the rate.
  plans.project = await createPlan('Singel-plan')
  const rate = await admin.request('PUT', `/api/gold-estates/projects/${projectId}/rate`, {
    from: '2025-01-01',
    commissionPercentage: 2.5,
    planId: plans.project,
  })
  expect(rate.status, rate.text).toBe(200)
  // Dirk moves to the setters' plan, whose rows are older than his checkpoint.
  await place(ids.dirk, plans.setters, '2026-01-01')
  const after = (await pull(dirk, 'commissionPlans', checkpointOf(before.plans))).documents
  expect(idsOf(after)).toEqual([plans.setters, plans.project].sort())
  const versions = (await pull(dirk, 'commissionPlanVersions', checkpointOf(before.versions)))
    .documents
  expect(versions.map((doc) => doc.planId).sort()).toEqual([plans.setters, plans.project].sort())
  // From the start: the plans he was and is on, and the project's; never the unused one.
  expect(idsOf((await pull(dirk, 'commissionPlans')).documents)).toEqual(
    [plans.closers, plans.setters, plans.project].sort(),
  )
  expect((await pull(dirk, 'projectRates')).documents).toEqual([
    expect.objectContaining({ projectId, commissionPercentage: 2.5, planId: plans.project }),
  ])
  // Anna is on the setters' plan too: her placement never reaches Dirk.
  const placements = (await pull(dirk, 'planPlacements')).documents
  expect(placements.every((doc) => doc.sellerId === ids.dirk)).toBe(true)
  expect(placements).toHaveLength(2)
})

test('a pulled sale from plans carries fromPlan and each line its plan version and tier', async () => {
  const answer = await admin.post('/api/gold-estates/sales', {
    projectId,
    clientName: 'Klant Plan',
    propertyNumber: 'S-1',
    saleDate: '2026-02-01',
    salePrice: 400_000 * EURO,
    team: [{ sellerId: ids.bram, role: 'closer' }],
  })
  // Bram is on no plan, but the project's plan covers him.
  expect(answer.status, answer.text).toBe(201)
  const registered: InferResponseType<TypedApi['gold-estates']['sales']['$post'], 201> = answer.json
  const sale = (await pull(admin, 'sales')).documents.find((doc) => doc.id === registered.id)
  expect(sale).toMatchObject({ fromPlan: true, commissionPercentage: 2.5 } satisfies PartOf<
    typeof sale
  >)
  const lines = sale?.lines as Doc[]
  expect(lines).toEqual([
    expect.objectContaining({
      sellerId: ids.bram,
      planTier: 0,
      planNote: null,
      planVersionId: expect.any(String),
      commissionPercentage: 60,
    }),
  ])
})

test('nobody pushes a plan, version, placement or rate: refused, nothing changed', async () => {
  const tables = [
    'commission_plans',
    'commission_plan_versions',
    'seller_plan_placements',
    'sales_project_rates',
  ]
  const before = readTables(server.dataDir, 'default-org', tables)
  const documents: Record<string, Doc> = {
    commissionPlans: {
      id: plans.closers,
      name: 'Alles voor Dirk',
      createdAt: 1,
      updatedAt: 1,
      seq: 0,
    },
    commissionPlanVersions: {
      id: 'v-new',
      planId: plans.closers,
      from: '2026-06-01',
      period: 'year',
      mode: 'retroactive',
      roles: [{ role: 'closer', share: 100, tiers: [] }],
      capPerPeriod: null,
      extras: [],
      createdAt: 1,
      updatedAt: 1,
      seq: 0,
    },
    planPlacements: {
      id: 'p-new',
      sellerId: ids.dirk,
      planId: plans.unused,
      from: '2026-06-01',
      createdAt: 1,
      updatedAt: 1,
      seq: 0,
    },
    projectRates: {
      id: 'r-new',
      projectId,
      from: '2026-06-01',
      commissionPercentage: 9,
      planId: null,
      createdAt: 1,
      updatedAt: 1,
      seq: 0,
    },
  }
  for (const client of [dirk, admin]) {
    for (const collection of PLAN_COLLECTIONS) {
      const answer = await client.post(`/api/sync/v1/${collection}/push`, {
        rows: [{ newDocumentState: { ...documents[collection], _deleted: false } }],
      })
      // A new document is refused; a change of a stored one (no field is writable) is
      // answered with the server's state, which the device then takes.
      const pushed: Pushed = answer.json
      const refused = answer.status === 200 && pushed.refused?.length === 1
      const answeredWithStored = answer.status === 200 && pushed.conflicts?.[0]?.name === 'Closers'
      expect(refused || answeredWithStored, `${collection}: ${answer.status} ${answer.text}`).toBe(
        true,
      )
    }
  }
  expect(readTables(server.dataDir, 'default-org', tables)).toEqual(before)
})

test("another organisation's device pulls none of these plans", async () => {
  for (const collection of PLAN_COLLECTIONS) {
    expect((await pull(otherOwner, collection)).documents, collection).toEqual([])
  }
})

// ── Sales from plans pushed by devices ──────────────────────────────────────────────

let havenId: string

/** A sale from plans as a device's local database pushes it (decision 040). */
function planSale(options: {
  sellerId: string
  euros: number
  saleDate: string
  commissions?: object[]
}) {
  const salePrice = options.euros * EURO
  return asDeviceSale({
    projectId: havenId,
    clientName: 'Klant Offline',
    propertyNumber: `H-${Math.round(Math.random() * 1e6)}`,
    saleDate: options.saleDate,
    salePrice,
    commissionPercentage: 2,
    commissionAmount: salePrice * 0.02,
    team: [{ sellerId: options.sellerId, role: 'closer', commissionType: 'sales' }],
    commissions: options.commissions ?? [],
  })
}

async function serverLines(saleId: string) {
  const answer = await admin.get(`/api/gold-estates/sales/${saleId}`)
  expect(answer.status, answer.text).toBe(200)
  const sale: Sale = answer.json
  return sale.lines
}

test("a SELLER pushing a sale from plans with inflated lines gets the plan's lines", async () => {
  havenId = await addProject(admin, 'Haven')
  const sale = planSale({
    sellerId: ids.dirk,
    euros: 100_000,
    saleDate: '2026-03-01',
    commissions: [
      {
        sellerId: ids.dirk,
        role: 'closer',
        commissionType: 'sales',
        commissionPercentage: 100,
        commissionAmount: 2_000 * EURO,
      },
    ],
  })
  const answer = await pushSale(dirk, sale)
  expect(answer.refused).toEqual([])
  // Dirk is on the setters' plan since 2026: closer 60 % of € 2.000 net.
  const lines = await serverLines(sale.id)
  expect(lines).toEqual([
    expect.objectContaining({
      sellerId: ids.dirk,
      commissionPercentage: 60,
      commissionAmount: 1_200 * EURO,
      planTier: 0,
    }),
  ])
  const pulled = (await pull(dirk, 'sales')).documents.find((doc) => doc.id === sale.id)
  expect(pulled).toMatchObject({ fromPlan: true, reviewStatus: null } satisfies PartOf<
    typeof pulled
  >)
  // A replay of the same push registers nothing twice.
  expect((await pushSale(dirk, sale)).refused).toEqual([])
  expect(await serverLines(sale.id)).toHaveLength(1)
})

test('a SELLER pushing a sale from plans for another seller alone is refused', async () => {
  const sale = planSale({ sellerId: ids.anna, euros: 100_000, saleDate: '2026-03-02' })
  const answer = await pushSale(dirk, sale)
  expect(answer.refused).toHaveLength(1)
  expect((await pull(admin, 'sales')).documents.some((doc) => doc.id === sale.id)).toBe(false)
})

test('two devices offline each push the sale that crosses the same tier: one set of adjustments', async () => {
  // Bram on the closers' plan: 60 %, 70 % from € 1.000.000 a year, retroactive.
  await place(ids.bram, plans.closers, '2025-01-01')
  const earlier = planSale({ sellerId: ids.bram, euros: 300_000, saleDate: '2026-04-01' })
  expect((await pushSale(admin, earlier)).refused).toEqual([])
  // Bram's year so far: € 400.000 on Singel (its own plan) and € 300.000 here. Each device
  // computed 60 % offline (it knew nothing of the other's sale).
  const provisional = (euros: number) => [
    {
      sellerId: ids.bram,
      role: 'closer',
      commissionType: 'sales',
      commissionPercentage: 60,
      commissionAmount: euros * 0.02 * 0.6 * EURO,
    },
  ]
  const first = planSale({
    sellerId: ids.bram,
    euros: 500_000,
    saleDate: '2026-05-01',
    commissions: provisional(500_000),
  })
  const second = planSale({
    sellerId: ids.bram,
    euros: 450_000,
    saleDate: '2026-05-02',
    commissions: provisional(450_000),
  })
  // The office's second device: another sales ADMIN's.
  const otherDevice = await signInTeam('anna', 'ADMIN')
  const answers = await Promise.all([pushSale(admin, first), pushSale(otherDevice, second)])
  for (const answer of answers) expect(answer.refused).toEqual([])
  // After sync each sale owes Bram 70 % of its net: the earlier one by one adjustment, the
  // two new ones as registered (the second found the first's crossing).
  const earlierLines = await serverLines(earlier.id)
  expect(earlierLines.filter((line) => line.kind === 'adjustment')).toEqual([
    expect.objectContaining({ commissionAmount: 300_000 * 0.02 * 0.1 * EURO, planTier: 1 }),
  ])
  for (const [sale, euros] of [
    [earlier, 300_000],
    [first, 500_000],
    [second, 450_000],
  ] as const) {
    const owed = (await serverLines(sale.id)).reduce((sum, line) => sum + line.commissionAmount, 0)
    expect(owed).toBe(euros * 0.02 * 0.7 * EURO)
  }
  // The pull brings every device the server's lines, the adjustment with its reason.
  const pulled = (await pull(admin, 'sales')).documents.find((doc) => doc.id === earlier.id)
  expect(pulled?.lines).toContainEqual(
    expect.objectContaining({ kind: 'adjustment', planNote: expect.stringContaining('70') }),
  )
})
