import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addSellers, signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { closerWithTiers } from '../support/api-commission-plans.ts'
import { addProject } from '../support/api-gold-estates.ts'
import {
  closerSale,
  closersPlan,
  createPlan as createPlanAs,
  EURO,
  placeSeller,
  readPlanTables,
} from '../support/commission-plans.ts'
import type { Client } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, TypedApi } from '../support/typed-client.ts'

// The edges of commission plans (issue 48, decision 039) beside commission-plans.test.ts:
// refusals naming the field, a correction and a cancellation that take a seller back
// under a tier, a cap reached in the marginal mode. The statement, a restore and bodies
// over the limit: commission-plans-records.test.ts.

type Sale = InferResponseType<TypedApi['gold-estates']['sales'][':id']['$get'], 200>
type Line = Sale['lines'][number]

let server: TestServer
let admin: Client
let projectId: string
const ids = { anna: '', bram: '', cas: '', dirk: '' }
let closersId: string

const snapshot = () => readPlanTables(server.dataDir)

const closerSaleBy = (sellerId: string, euros: number, saleDate: string) =>
  closerSale({ projectId, sellerId, euros, saleDate, clientName: 'Klant' })

async function register(body: object) {
  const answer = await admin.post('/api/gold-estates/sales', body)
  expect(answer.status, answer.text).toBe(201)
  const stored: InferResponseType<TypedApi['gold-estates']['sales']['$post'], 201> = answer.json
  return stored.id
}

async function linesOf(saleId: string, client: Client = admin) {
  const answer = await client.get(`/api/gold-estates/sales/${saleId}`)
  expect(answer.status).toBe(200)
  const sale: Sale = answer.json
  return sale.lines
}

const owed = (lines: Line[]) =>
  lines
    .filter((line) => line.kind !== 'clawback' && line.status !== 'cancelled')
    .reduce((sum, line) => sum + line.commissionAmount, 0)

const createPlan = async (body: object) => (await createPlanAs(admin, body)).id

const place = (sellerId: string, planId: string, from?: string) =>
  placeSeller(admin, sellerId, planId, from)

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Havenkwartier')
  const team = await addSellers(server, admin, {
    anna: 'Anna',
    bram: 'Bram',
    cas: 'Cas',
    dirk: 'Dirk',
  })
  Object.assign(ids, team.ids)
  closersId = await createPlan(closersPlan())
  for (const id of [ids.anna, ids.bram]) await place(id, closersId)
})
afterAll(() => server?.close())

describe('refusals naming the field, nothing stored', () => {
  test.each([
    [
      'a new version with unordered tiers',
      closerWithTiers({ fromVolume: 900, share: 70 }, { fromVolume: 800, share: 80 }),
      'roles.0.tiers.1.fromVolume',
    ],
    [
      'a tier share over 100 %',
      closerWithTiers({ fromVolume: 900, share: 100.5 }),
      'roles.0.tiers.0.share',
    ],
    [
      'a threshold below zero',
      closerWithTiers({ fromVolume: -1, share: 70 }),
      'roles.0.tiers.0.fromVolume',
    ],
    ['a cap below zero', { capPerPeriod: -100 }, 'capPerPeriod'],
    ['a version dated before the first', { from: '2024-12-31' }, 'from'],
  ])('%s (PATCH): 400 naming the field', async (_name, change, path) => {
    const before = snapshot()
    const answer = await admin.request(
      'PATCH',
      `/api/gold-estates/commission-plans/${closersId}`,
      closersPlan({ from: '2027-01-01', ...change }),
    )
    expect(answer.status, answer.text).toBe(400)
    const refusal: ErrorAnswer = answer.json
    expect(refusal.errors?.[0]?.path).toBe(path)
    expect(snapshot()).toEqual(before)
  })

  test('a placement dated before the last one, or on no plan: 400 naming the field', async () => {
    const before = snapshot()
    for (const [body, path] of [
      [{ planId: closersId, from: '2024-06-01' }, 'from'],
      [{ planId: 'geen-plan', from: '2027-01-01' }, 'planId'],
    ] as const) {
      const answer = await admin.request('PUT', `/api/gold-estates/sellers/${ids.anna}/plan`, body)
      expect(answer.status, answer.text).toBe(400)
      const refusal: ErrorAnswer = answer.json
      expect(refusal.errors?.[0]?.path).toBe(path)
    }
    expect(snapshot()).toEqual(before)
  })
})

describe('back under a tier', () => {
  test('a correction that takes the seller back under the tier makes the reverse adjustment', async () => {
    // Bram: € 3.000.000 (60 % of € 60.000 = € 36.000), then € 2.500.000: € 5.500.000,
    // 70 % retroactive, so the first sale gets + € 6.000. The second corrected by hand to
    // € 1.500.000: € 4.500.000 in the year, under the tier: the first gets − € 6.000.
    const first = await register(closerSaleBy(ids.bram, 3_000_000, '2025-02-01'))
    const second = await register(closerSaleBy(ids.bram, 2_500_000, '2025-05-01'))
    expect((await linesOf(first)).map((line) => line.commissionAmount)).toEqual([
      36_000 * EURO,
      6_000 * EURO,
    ])
    const sale: Sale = (await admin.get(`/api/gold-estates/sales/${second}`)).json
    const corrected = await admin.request('PATCH', `/api/gold-estates/sales/${second}`, {
      clientName: sale.clientName,
      propertyNumber: sale.propertyNumber,
      saleDate: sale.saleDate,
      salePrice: 1_500_000 * EURO,
      commissionPercentage: 2,
      splits: [
        { sellerId: ids.bram, role: 'closer', commissionType: 'sales', commissionPercentage: 60 },
      ],
      paidTotal: 0,
    })
    expect(corrected.status, corrected.text).toBe(200)
    const lines = await linesOf(first)
    expect(lines.map((line) => line.commissionAmount)).toEqual([
      36_000 * EURO,
      6_000 * EURO,
      -6_000 * EURO,
    ])
    expect(lines[2]).toMatchObject({
      kind: 'adjustment',
      planTier: 0,
      planNote: 'Terug naar het basisaandeel: 60 % (was 70 %)',
    })
    expect(owed(lines)).toBe(36_000 * EURO)
    // The corrected sale is the office's own split now: 60 % of € 30.000, no adjustment.
    const own = await linesOf(second)
    expect(owed(own)).toBe(18_000 * EURO)
    expect(own.some((line) => line.kind === 'adjustment')).toBe(false)
  })

  test('a cap reached in the marginal mode: what is left, then 0; a cancellation gives it back', async () => {
    // Cas: 50 %, 60 % on the volume above € 1.000.000 (marginal), at most € 15.000 a year.
    // At 2 %:  € 800.000 → net € 16.000 × 50 % = € 8.000 (total € 8.000).
    //          € 400.000 → € 200.000 at 50 % and € 200.000 at 60 %: 55 % of € 8.000
    //                      = € 4.400, tier 1 (total € 12.400).
    //          € 500.000 → all at 60 %: € 6.000, cut to the € 2.600 left, with the reason.
    //          € 100.000 → 60 % of € 2.000 = € 1.200: 0, the cap reached.
    const capped = await createPlan({
      name: 'Marginaal met plafond',
      period: 'year',
      mode: 'marginal',
      from: '2025-01-01',
      roles: [{ role: 'closer', share: 50, tiers: [{ fromVolume: 1_000_000 * EURO, share: 60 }] }],
      capPerPeriod: 15_000 * EURO,
    })
    await place(ids.cas, capped)
    const sales: string[] = []
    for (const [euros, date] of [
      [800_000, '2025-01-10'],
      [400_000, '2025-01-11'],
      [500_000, '2025-01-12'],
      [100_000, '2025-01-13'],
    ] as const) {
      sales.push(await register(closerSaleBy(ids.cas, euros, date)))
    }
    const lines = await Promise.all(sales.map((id) => linesOf(id)))
    expect(lines.map((each) => each.length)).toEqual([1, 1, 1, 1])
    expect(lines.map((each) => each[0]?.commissionAmount)).toEqual([
      8_000 * EURO,
      4_400 * EURO,
      2_600 * EURO,
      0,
    ])
    expect(lines[1]?.[0]).toMatchObject({ commissionPercentage: 55, planTier: 1 })
    const reason = 'Plafond van €\u00a015.000,00 per periode bereikt'
    expect(lines[2]?.[0]?.planNote).toBe(reason)
    expect(lines[3]?.[0]?.planNote).toBe(reason)

    // Without the € 400.000: the € 500.000 spans € 800.000 to € 1.300.000, € 200.000 at
    // 50 % and € 300.000 at 60 %: 56 % of € 10.000 = € 5.600 (total € 13.600); the
    // € 100.000 at 60 %: € 1.200 (total € 14.800), under the cap.
    const cancelled = await admin.post(`/api/gold-estates/sales/${sales[1]}/cancel`, {
      reason: 'Koper trok zich terug',
    })
    expect(cancelled.status).toBe(200)
    const after = await Promise.all([sales[0], sales[2], sales[3]].map((id) => linesOf(id ?? '')))
    expect(after.map(owed)).toEqual([8_000 * EURO, 5_600 * EURO, 1_200 * EURO])
    expect(after[0]).toHaveLength(1)
    expect(after[1]?.[1]).toMatchObject({ kind: 'adjustment', commissionAmount: 3_000 * EURO })
    expect(after[2]?.[1]).toMatchObject({ kind: 'adjustment', commissionAmount: 1_200 * EURO })
  })
})
