import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  addSellers,
  signInFirstSuperadminWithGoldEstates,
  signInOtherOrganisationOwner,
} from '../support/accounts.ts'
import type { Pulled } from '../support/answers.ts'
import { addProject } from '../support/api-gold-estates.ts'
import {
  asDeviceSale,
  createPlan,
  placeSeller,
  pushSale,
  readPlanTables,
} from '../support/commission-plans.ts'
import type { Client } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

type Sale = InferResponseType<TypedApi['gold-estates']['sales']['$post'], 201>
type SaleDetail = InferResponseType<TypedApi['gold-estates']['sales'][':id']['$get'], 200>
type Plans = InferResponseType<TypedApi['gold-estates']['commission-plans']['$get'], 200>
type Activities = InferResponseType<TypedApi['activities']['$get'], 200>

// The review of sales from plans (issue 48 §4, decision 039): a SELLER's share set over
// the plan's goes to review, by REST and by a device's push; the office may change a line;
// a line set over its plan is never adjusted; a tier crossing never puts a sale in review.
// The plans' referral share with its cap; the plans a SELLER may list (as their device
// holds them); and the refusals: a SELLER's share out of bounds, another seller's
// position, another organisation's ADMIN.

const EURO = 100
let server: TestServer
let admin: Client
let dirk: Client
let otherOwner: Client
let projectId: string
let ids: Record<'anna' | 'bram' | 'dirk', string>
let planId: string
let onlyAnnas: string

/**
 * Closers: closer 60 % of the net, 70 % from € 1.000.000 a year (retroactive); setter
 * 20 %; referral 10 % of the net, at most € 1.000 a year.
 */
const closers = {
  name: 'Closers',
  period: 'year',
  mode: 'retroactive',
  from: '2025-01-01',
  roles: [
    { role: 'closer', share: 60, tiers: [{ fromVolume: 1_000_000 * EURO, share: 70 }] },
    { role: 'setter', share: 20, tiers: [] },
  ],
  extras: [{ commissionType: 'referral', share: 10, capPerPeriod: 1_000 * EURO }],
}

/** € `euros` at 2 % (net 2 % of the price), its team from the plans. */
const teamSale = (team: object[], euros: number, saleDate: string) => ({
  projectId,
  clientName: 'Klant Jansen',
  propertyNumber: `R-${Math.round(Math.random() * 1e6)}`,
  saleDate,
  salePrice: euros * EURO,
  commissionPercentage: 2,
  team,
})

async function register(client: Client, body: object) {
  const answer = await client.post('/api/gold-estates/sales', body)
  expect(answer.status, answer.text).toBe(201)
  return answer.json as Sale
}

async function detail(saleId: string) {
  const answer = await admin.get(`/api/gold-estates/sales/${saleId}`)
  expect(answer.status, answer.text).toBe(200)
  return answer.json as SaleDetail
}

async function pull(client: Client, collection: string) {
  const page = await client.get(`/api/sync/v1/${collection}/pull?checkpoint=0&limit=1000`)
  expect(page.status, page.text).toBe(200)
  return (page.json as Pulled).documents
}

/** A sale from plans as a device pushes it (decision 040), with its team. */
const deviceSale = (team: object[], euros: number, saleDate: string) =>
  asDeviceSale({ ...teamSale(team, euros, saleDate), commissionAmount: euros * 2 })

const snapshot = () => readPlanTables(server.dataDir)

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Rivierzicht')
  const team = await addSellers(server, admin, { anna: 'Anna', bram: 'Bram', dirk: 'Dirk' })
  ids = team.ids
  dirk = await team.signIn('dirk', 'SELLER')
  otherOwner = await signInOtherOrganisationOwner(server)
  planId = (await createPlan(admin, closers)).id
  onlyAnnas = (await createPlan(admin, { ...closers, name: 'Alleen Anna', extras: [] })).id
  await placeSeller(admin, ids.dirk, planId)
  await placeSeller(admin, ids.bram, planId)
  await placeSeller(admin, ids.anna, onlyAnnas)
})
afterAll(() => server?.close())

describe('deviating from the plan', () => {
  test("a SELLER's own share over the plan's goes to review, the line as they set it", async () => {
    // € 100.000 at 2 %: net € 2.000. The plan gives Dirk 60 % (€ 1.200); he sets 65 %:
    // € 1.300. The line names no plan version and says what the plan gave.
    const sale = await register(
      dirk,
      teamSale([{ sellerId: ids.dirk, role: 'closer', share: 65 }], 100_000, '2026-02-01'),
    )
    expect(sale.reviewStatus).toBe('pending')
    const stored = await detail(sale.id)
    expect(stored.fromPlan).toBe(true)
    expect(stored.lines).toEqual([
      expect.objectContaining({
        sellerId: ids.dirk,
        commissionPercentage: 65,
        commissionAmount: 1_300 * EURO,
        planVersionId: null,
        planTier: null,
        planNote: 'Afwijkend van plan (plan: 60 %)',
      }),
    ])
  })

  test("a SELLER's share equal to the plan's is the plan's line and not held", async () => {
    const sale = await register(
      dirk,
      teamSale([{ sellerId: ids.dirk, role: 'closer', share: 60.0 }], 100_000, '2026-02-02'),
    )
    expect(sale.reviewStatus).toBeNull()
    const [line] = (await detail(sale.id)).lines
    expect(line).toMatchObject({
      commissionPercentage: 60,
      planTier: 0,
      planNote: null,
    } satisfies PartOf<typeof line>)
    expect(line?.planVersionId).toEqual(expect.any(String))
  })

  test('the office may change a line: an ADMIN’s share over the plan is kept, not held', async () => {
    // Net € 2.000; Bram as setter at 25 % where the plan gives 20 %: € 500.
    const sale = await register(
      admin,
      teamSale([{ sellerId: ids.bram, role: 'setter', share: 25 }], 100_000, '2026-02-03'),
    )
    expect(sale.reviewStatus).toBeNull()
    expect((await detail(sale.id)).lines[0]).toMatchObject({
      commissionPercentage: 25,
      commissionAmount: 500 * EURO,
      planNote: 'Afwijkend van plan (plan: 20 %)',
    } satisfies PartOf<Awaited<ReturnType<typeof detail>>['lines'][number]>)
    // Not held, but written down as an unusual split with the review's reason.
    const feed = (await admin.get('/api/activities')).json as Activities
    expect(feed).toContainEqual(
      expect.objectContaining({
        action: 'Ongebruikelijke verdeling geboekt',
        target: expect.stringMatching(/Afwijkend van plan: 25% in plaats van 20% \(salesteam\)$/),
      }),
    )
  })

  test('a SELLER pushing a deviating split from their device: held for review, once', async () => {
    const sale = deviceSale(
      [{ sellerId: ids.dirk, role: 'closer', commissionType: 'sales', share: 75 }],
      100_000,
      '2026-02-04',
    )
    expect((await pushSale(dirk, sale)).refused).toEqual([])
    expect((await pushSale(dirk, sale)).refused).toEqual([])
    const stored = await detail(sale.id)
    expect(stored.reviewStatus).toBe('pending')
    expect(stored.lines).toHaveLength(1)
    expect(stored.lines[0]).toMatchObject({
      commissionPercentage: 75,
      commissionAmount: 1_500 * EURO,
    } satisfies PartOf<(typeof stored.lines)[number]>)
    const pulled = (await pull(dirk, 'sales')).find((doc) => doc.id === sale.id)
    expect(pulled).toMatchObject({ fromPlan: true, reviewStatus: 'pending' } satisfies PartOf<
      typeof pulled
    >)
    // A device of before this change sends no share: the plan's line, not held.
    const older = deviceSale(
      [{ sellerId: ids.dirk, role: 'closer', commissionType: 'sales' }],
      100_000,
      '2026-02-05',
    )
    expect((await pushSale(dirk, older)).refused).toEqual([])
    expect((await detail(older.id)).reviewStatus).toBeNull()
  })

  test('a line set over its plan is never adjusted; a tier crossing puts no sale in review', async () => {
    // 2027, Bram: a plan line of € 600.000 (net € 12.000 × 60 % = € 7.200), a line at
    // 50 % set by the office (€ 6.000), then € 500.000 by Dirk's device with Bram as
    // closer crosses € 1.000.000: retroactive 70 %. The plan line is adjusted by
    // € 12.000 × 10 % = € 1.200; the line set by hand is not.
    const bramCloser = { sellerId: ids.bram, role: 'closer', commissionType: 'sales' }
    const plain = await register(admin, teamSale([bramCloser], 600_000, '2027-01-10'))
    const typed = await register(
      admin,
      teamSale([{ ...bramCloser, share: 50 }], 300_000, '2027-01-11'),
    )
    const crossing = deviceSale(
      [bramCloser, { sellerId: ids.dirk, role: 'setter', commissionType: 'sales' }],
      500_000,
      '2027-01-12',
    )
    expect((await pushSale(dirk, crossing)).refused).toEqual([])
    const adjustments = (await detail(plain.id)).lines.filter((line) => line.kind === 'adjustment')
    expect(adjustments).toEqual([
      expect.objectContaining({ commissionAmount: 1_200 * EURO, planTier: 1 }),
    ])
    expect((await detail(typed.id)).lines.map((line) => line.kind)).toEqual(['commission'])
    // Nothing is held: not the crossing sale (the plan's lines), not the adjusted one.
    expect((await detail(crossing.id)).reviewStatus).toBeNull()
    expect((await detail(plain.id)).reviewStatus).toBeNull()
  })

  test("a share out of bounds: 400 naming the member's share, nothing changed", async () => {
    const before = snapshot()
    for (const share of [120, -5, 12.34567]) {
      const answer = await dirk.post(
        '/api/gold-estates/sales',
        teamSale([{ sellerId: ids.dirk, role: 'closer', share }], 100_000, '2026-03-01'),
      )
      expect(answer.status, answer.text).toBe(400)
      expect((answer.json as ErrorAnswer).errors?.[0]?.path).toBe('team.0.share')
    }
    expect(snapshot()).toEqual(before)
  })
})

describe("the plans' referral share", () => {
  test('filled from the plan up to its cap per year, then 0 with the reason', async () => {
    // Bram refers three sales of € 300.000 at 2 % in 2028 (net € 6.000 each): 10 % is
    // € 600, € 600, then € 400 (the € 1.000 cap), then 0.
    const amounts: number[] = []
    const notes: (string | null)[] = []
    for (const date of ['2028-01-10', '2028-01-11', '2028-01-12']) {
      const sale = await register(
        admin,
        teamSale(
          [
            { sellerId: ids.dirk, role: 'closer' },
            { sellerId: ids.bram, commissionType: 'referral' },
          ],
          300_000,
          date,
        ),
      )
      const referral = (await detail(sale.id)).lines.find(
        (line) => line.commissionType === 'referral',
      )
      amounts.push(referral?.commissionAmount ?? -1)
      notes.push(referral?.planNote ?? null)
    }
    expect(amounts).toEqual([600 * EURO, 400 * EURO, 0])
    expect(notes).toEqual([
      null,
      'Plafond van €\u00a01.000,00 per periode bereikt',
      'Plafond van €\u00a01.000,00 per periode bereikt',
    ])
  })

  test('a plan that gives no referral share: 400 naming the member', async () => {
    const before = snapshot()
    const answer = await admin.post(
      '/api/gold-estates/sales',
      teamSale(
        [
          { sellerId: ids.dirk, role: 'closer' },
          { sellerId: ids.anna, commissionType: 'referral' },
        ],
        100_000,
        '2028-02-01',
      ),
    )
    expect(answer.status).toBe(400)
    expect((answer.json as ErrorAnswer).errors?.[0]?.path).toBe('team.1.commissionType')
    expect(snapshot()).toEqual(before)
  })
})

describe('what a SELLER may see of plans', () => {
  test('GET commission-plans lists what their device holds: their plans and the projects’', async () => {
    const listed = async () =>
      ((await dirk.get('/api/gold-estates/commission-plans')).json as Plans)
        .map((plan) => plan.id)
        .sort()
    const pulled = async () => (await pull(dirk, 'commissionPlans')).map((doc) => doc.id).sort()
    expect(await listed()).toEqual([planId])
    expect(await pulled()).toEqual([planId])
    // Anna's plan becomes a project's plan: both answers now hold it, with its terms.
    const project = await addProject(admin, 'Kade')
    const rate = await admin.request('PUT', `/api/gold-estates/projects/${project}/rate`, {
      from: '2025-01-01',
      planId: onlyAnnas,
    })
    expect(rate.status, rate.text).toBe(200)
    expect(await listed()).toEqual([planId, onlyAnnas].sort())
    expect(await pulled()).toEqual(await listed())
    // Still nobody else's placement, by either road.
    const placements = await pull(dirk, 'planPlacements')
    expect(placements.map((doc) => doc.sellerId)).toEqual([ids.dirk])
  })

  test("another seller's position is a 404, on any date", async () => {
    for (const path of [
      `/api/gold-estates/sellers/${ids.anna}/position`,
      `/api/gold-estates/sellers/${ids.bram}/position?date=2027-06-01`,
    ]) {
      expect((await dirk.get(path)).status).toBe(404)
    }
    expect((await dirk.get(`/api/gold-estates/sellers/${ids.dirk}/position`)).status).toBe(200)
  })

  test("another organisation's ADMIN lists no plan and cannot sell on ours", async () => {
    expect((await otherOwner.get('/api/gold-estates/commission-plans')).json).toEqual([])
    const before = snapshot()
    const answer = await otherOwner.post(
      '/api/gold-estates/sales',
      teamSale([{ sellerId: ids.dirk, role: 'closer', share: 90 }], 100_000, '2026-04-01'),
    )
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(snapshot()).toEqual(before)
    expect((await pull(otherOwner, 'commissionPlans')).length).toBe(0)
  })
})
