import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  addSellers,
  signInFirstSuperadminWithGoldEstates,
  signInOtherOrganisationOwner,
  signInRegisteredStranger,
} from '../support/accounts.ts'
import { closerWithTiers } from '../support/api-commission-plans.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import {
  createPlan as createPlanAs,
  placeSeller,
  readPlanTables,
} from '../support/commission-plans.ts'
import { type Client, createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

// Commission plans (decision 039) through the API: plans and versions, sellers on plans,
// project rates, a sale registered with `team`, tier crossings as adjustment lines, and
// every refusal: bad input, a SELLER writing or reading another's, another organisation's
// ADMIN, an outsider. A refused write leaves the organisation's file as it was.

type Sale = InferResponseType<TypedApi['gold-estates']['sales'][':id']['$get'], 200>
type Line = Sale['lines'][number]
type Plans = InferResponseType<TypedApi['gold-estates']['commission-plans']['$get'], 200>
type Position = InferResponseType<
  TypedApi['gold-estates']['sellers'][':id']['position']['$get'],
  200
>

const EURO = 100
let server: TestServer
let admin: Client
let seller: Client
let stranger: Client
let otherOwner: Client
const outsider = () => createClient(server.url)
let projectId: string
const ids = { anna: '', bram: '', cas: '', dirk: '' }

const snapshot = (organisationId = 'default-org') => readPlanTables(server.dataDir, organisationId)
async function expectNothingChanged(attempt: () => Promise<void>) {
  const before = snapshot()
  await attempt()
  expect(snapshot()).toEqual(before)
}

/** Closers: 60 % of the net commission, 70 % from € 5.000.000 a year, retroactive. */
const closers = (extra: object = {}) => ({
  name: 'Closers',
  period: 'year',
  mode: 'retroactive',
  from: '2025-01-01',
  roles: [
    { role: 'closer', share: 60, tiers: [{ fromVolume: 5_000_000 * EURO, share: 70 }] },
    { role: 'setter', share: 20, tiers: [] },
  ],
  ...extra,
})

/** A sale of `euros` at 2 % (net 2 % of the price), its team from the plans. */
function teamSale(team: object[], euros: number, saleDate: string, extra: object = {}) {
  return {
    projectId,
    clientName: 'Klant de Vries',
    propertyNumber: `B-${Math.round(Math.random() * 1e6)}`,
    saleDate,
    salePrice: euros * EURO,
    commissionPercentage: 2,
    team,
    ...extra,
  }
}

async function register(client: Client, body: object) {
  const answer = await client.post('/api/gold-estates/sales', body)
  if (answer.status !== 201) throw new Error(`sale: ${answer.status} ${answer.text}`)
  const stored: InferResponseType<TypedApi['gold-estates']['sales']['$post'], 201> = answer.json
  return stored
}

async function detail(saleId: string, client: Client = admin) {
  const answer = await client.get(`/api/gold-estates/sales/${saleId}`)
  expect(answer.status).toBe(200)
  const sale: Sale = answer.json
  return sale
}

const owed = (lines: Line[], sellerId: string) =>
  lines
    .filter((line) => line.sellerId === sellerId && line.kind !== 'clawback')
    .filter((line) => line.status !== 'cancelled')
    .reduce((sum, line) => sum + line.commissionAmount, 0)

const createPlan = (body: object) => createPlanAs(admin, body)

const place = (sellerId: string, planId: string, from?: string) =>
  placeSeller(admin, sellerId, planId, from)

let closersPlan: { id: string; current: { id: string } }

beforeAll(async () => {
  server = await startTestServer({ REGISTRATION: 'open' })
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Havenkwartier')
  const team = await addSellers(server, admin, {
    anna: 'Anna',
    bram: 'Bram',
    cas: 'Cas',
    dirk: 'Dirk',
  })
  Object.assign(ids, team.ids)
  seller = await team.signIn('dirk', 'SELLER')
  stranger = await signInRegisteredStranger(server)
  otherOwner = await signInOtherOrganisationOwner(server)
  closersPlan = await createPlan(closers())
  for (const id of [ids.anna, ids.bram, ids.dirk]) await place(id, closersPlan.id)
})
afterAll(() => server?.close())

describe('plans', () => {
  test('the ADMIN lists the plan with its version', async () => {
    const plans: Plans = (await admin.get('/api/gold-estates/commission-plans')).json
    expect(plans).toHaveLength(1)
    expect(plans[0]).toMatchObject({
      id: closersPlan.id,
      name: 'Closers',
      current: { from: '2025-01-01', mode: 'retroactive', period: 'year' },
    } satisfies PartOf<(typeof plans)[number]>)
  })

  test.each([
    [
      'unordered tiers',
      closerWithTiers({ fromVolume: 900, share: 70 }, { fromVolume: 800, share: 80 }),
      'roles.0.tiers.1.fromVolume',
    ],
    [
      'overlapping tiers',
      closerWithTiers({ fromVolume: 900, share: 70 }, { fromVolume: 900, share: 80 }),
      'roles.0.tiers.1.fromVolume',
    ],
    ['a share over 100 %', { roles: [{ role: 'closer', share: 120 }] }, 'roles.0.share'],
    [
      'a negative threshold',
      closerWithTiers({ fromVolume: -100, share: 70 }),
      'roles.0.tiers.0.fromVolume',
    ],
    ['a date that is no date', { from: '1 januari' }, 'from'],
  ])('%s: 400 naming the field, nothing stored', async (_name, change, path) => {
    await expectNothingChanged(async () => {
      const answer = await admin.post('/api/gold-estates/commission-plans', closers(change))
      expect(answer.status).toBe(400)
      expect((answer.json as ErrorAnswer).errors?.[0]?.path).toBe(path)
      expect((answer.json as ErrorAnswer).message).toMatch(
        new RegExp(`^${path.replaceAll('.', '\\.')}: `),
      )
    })
  })

  test('a version before the latest one is refused naming from', async () => {
    await expectNothingChanged(async () => {
      const answer = await admin.request(
        'PATCH',
        `/api/gold-estates/commission-plans/${closersPlan.id}`,
        closers({ from: '2024-06-01' }),
      )
      expect(answer.status).toBe(400)
      expect((answer.json as ErrorAnswer).errors?.[0]?.path).toBe('from')
    })
  })
})

describe('a sale registered with its team', () => {
  let first: string
  let second: string

  test("the server fills the closer's line from the plan and says which version and tier", async () => {
    // € 3.000.000 at 2 %: net € 60.000; Anna's 60 % is € 36.000, the office keeps € 24.000.
    first = (
      await register(
        admin,
        teamSale([{ sellerId: ids.anna, role: 'closer' }], 3_000_000, '2025-02-01'),
      )
    ).id
    const sale = await detail(first)
    expect(sale.fromPlan).toBe(true)
    expect(sale.lines).toHaveLength(1)
    expect(sale.lines[0]).toMatchObject({
      kind: 'commission',
      commissionAmount: 36_000 * EURO,
      commissionPercentage: 60,
      planVersionId: closersPlan.current.id,
      planTier: 0,
    } satisfies PartOf<(typeof sale.lines)[number]>)
    expect(sale.officeShare).toBe(24_000 * EURO)
    const position: Position = (
      await admin.get(`/api/gold-estates/sellers/${ids.anna}/position?date=2025-03-01`)
    ).json
    expect(position).toMatchObject({
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      volume: 3_000_000 * EURO,
      share: 60,
      nextThreshold: 5_000_000 * EURO,
      nextShare: 70,
      nextTierText: 'Nog €\u00a02.000.000 tot 70 %',
    } satisfies PartOf<typeof position>)
  })

  test('crossing the retroactive tier adjusts the earlier sale of the year, not rewriting it', async () => {
    // + € 2.500.000: € 5.500.000 this year, 70 % for both. The new sale: 70 % of € 50.000
    // = € 35.000. The first: an adjustment of 70 % − 60 % of € 60.000 = € 6.000.
    second = (
      await register(
        admin,
        teamSale([{ sellerId: ids.anna, role: 'closer' }], 2_500_000, '2025-05-01'),
      )
    ).id
    const newSale = await detail(second)
    expect(newSale.lines[0]).toMatchObject({
      commissionAmount: 35_000 * EURO,
      planTier: 1,
    } satisfies PartOf<(typeof newSale.lines)[number]>)
    const earlier = await detail(first)
    expect(earlier.lines).toHaveLength(2)
    expect(earlier.lines[0]).toMatchObject({
      kind: 'commission',
      commissionAmount: 36_000 * EURO,
    } satisfies PartOf<(typeof earlier.lines)[number]>)
    expect(earlier.lines[1]).toMatchObject({
      kind: 'adjustment',
      commissionAmount: 6_000 * EURO,
      planTier: 1,
      planNote: 'Trede 1 bereikt: 70 % (was 60 %)',
    } satisfies PartOf<(typeof earlier.lines)[number]>)
    // A tier that raises a share lowers the office's part: € 60.000 − € 42.000.
    expect(earlier.officeShare).toBe(18_000 * EURO)
    const position: Position = (
      await admin.get(`/api/gold-estates/sellers/${ids.anna}/position?date=2025-06-01`)
    ).json
    expect(position).toMatchObject({
      volume: 5_500_000 * EURO,
      share: 70,
      nextThreshold: null,
      nextTierText: null,
    } satisfies PartOf<typeof position>)
  })

  test('a sale dated last year counts in last year, not this one', async () => {
    const before: Position = (
      await admin.get(`/api/gold-estates/sellers/${ids.anna}/position?date=2026-03-01`)
    ).json
    expect(before.volume).toBe(0)
    // Registered now, dated in 2025: € 5.500.000 + € 100.000 in 2025, 70 % at once.
    const late = (
      await register(
        admin,
        teamSale([{ sellerId: ids.anna, role: 'closer' }], 100_000, '2025-12-20'),
      )
    ).id
    expect((await detail(late)).lines[0]).toMatchObject({
      commissionAmount: 1_400 * EURO,
      planTier: 1,
    } satisfies PartOf<Awaited<ReturnType<typeof detail>>['lines'][number]>)
    expect(
      (
        (await admin.get(`/api/gold-estates/sellers/${ids.anna}/position?date=2026-03-01`))
          .json as Position
      ).volume,
    ).toBe(0)
    expect(
      (
        (await admin.get(`/api/gold-estates/sellers/${ids.anna}/position?date=2025-12-31`))
          .json as Position
      ).volume,
    ).toBe(5_600_000 * EURO)
  })

  test('cancelling the crossing sale takes the earlier one back under, by an adjustment', async () => {
    // Left in 2025: € 3.000.000 + € 100.000 = € 3.100.000, under the tier: 60 % again.
    const cancelled = await admin.post(`/api/gold-estates/sales/${second}/cancel`, {
      reason: 'Koper trok zich terug',
    })
    expect(cancelled.status).toBe(200)
    const earlier = await detail(first)
    expect(earlier.lines.map((line) => line.commissionAmount)).toEqual([
      36_000 * EURO,
      6_000 * EURO,
      -6_000 * EURO,
    ])
    expect(earlier.lines[2]?.planNote).toBe('Terug naar het basisaandeel: 60 % (was 70 %)')
    expect(owed(earlier.lines, ids.anna)).toBe(36_000 * EURO)
  })

  test('two registrations that cross the same threshold at once make one set of adjustments', async () => {
    // Bram: € 3.000.000 first (60 %: € 36.000); then two sales of € 1.500.000 at once.
    // Together € 6.000.000: every sale at 70 %. The first sale needs +€ 6.000, once.
    const base = (
      await register(
        admin,
        teamSale([{ sellerId: ids.bram, role: 'closer' }], 3_000_000, '2025-03-01'),
      )
    ).id
    const [one, two] = await Promise.all([
      register(admin, teamSale([{ sellerId: ids.bram, role: 'closer' }], 1_500_000, '2025-04-01')),
      register(admin, teamSale([{ sellerId: ids.bram, role: 'closer' }], 1_500_000, '2025-04-02')),
    ])
    const lines = [
      ...(await detail(base)).lines,
      ...(await detail(one.id)).lines,
      ...(await detail(two.id)).lines,
    ]
    // € 42.000 + € 21.000 + € 21.000 in all, whatever order the two came in.
    expect(owed(lines, ids.bram)).toBe(84_000 * EURO)
    expect((await detail(base)).lines.filter((line) => line.kind === 'adjustment')).toHaveLength(1)
    expect(owed((await detail(base)).lines, ids.bram)).toBe(42_000 * EURO)
  })
})

describe('caps, project rates and versions', () => {
  test('a cap reached: the line is what is left, then 0 with the reason', async () => {
    // Cas: 60 %, at most € 50.000 a year. Three sales of net € 60.000 each (60 %: € 36.000).
    const capped = await createPlan({
      name: 'Met plafond',
      period: 'year',
      mode: 'marginal',
      from: '2025-01-01',
      roles: [{ role: 'closer', share: 60, tiers: [] }],
      capPerPeriod: 50_000 * EURO,
    })
    await place(ids.cas, capped.id)
    const sales = []
    for (const date of ['2025-01-10', '2025-01-11', '2025-01-12']) {
      sales.push(
        (await register(admin, teamSale([{ sellerId: ids.cas, role: 'closer' }], 3_000_000, date)))
          .id,
      )
    }
    const lines = await Promise.all(sales.map(async (id) => (await detail(id)).lines[0]))
    expect(lines.map((line) => line?.commissionAmount)).toEqual([36_000 * EURO, 14_000 * EURO, 0])
    expect(lines[2]?.planNote).toBe('Plafond van €\u00a050.000,00 per periode bereikt')
  })

  test("the project's own percentage stands when the sale gives none", async () => {
    const noRate = await admin.post(
      '/api/gold-estates/sales',
      teamSale([{ sellerId: ids.anna, role: 'closer' }], 1_000_000, '2025-02-02', {
        commissionPercentage: undefined,
      }),
    )
    expect(noRate.status).toBe(400)
    expect((noRate.json as ErrorAnswer).errors?.[0]?.path).toBe('commissionPercentage')
    const rate = await admin.request('PUT', `/api/gold-estates/projects/${projectId}/rate`, {
      from: '2025-01-01',
      commissionPercentage: 2.5,
    })
    expect(rate.status, rate.text).toBe(200)
    // € 1.000.000 at 2,5 %: net € 25.000.
    const sale = await register(
      admin,
      teamSale([{ sellerId: ids.anna, role: 'setter' }], 1_000_000, '2026-02-02', {
        commissionPercentage: undefined,
      }),
    )
    const stored = await detail(sale.id)
    expect(stored.lines[0]).toMatchObject({
      commissionAmount: 5_000 * EURO,
      commissionPercentage: 20,
    } satisfies PartOf<(typeof stored.lines)[number]>)
  })

  test('a change dated back into a period with paid plan lines is refused; a later one is a new version', async () => {
    const paid = (
      await detail(
        (
          await register(
            admin,
            teamSale([{ sellerId: ids.dirk, role: 'closer' }], 1_000_000, '2026-02-01'),
          )
        ).id,
      )
    ).lines[0]
    const marked = await admin.request('PATCH', `/api/gold-estates/commissions/${paid?.id}`, {
      status: 'paid',
    })
    expect(marked.status, marked.text).toBe(200)
    await expectNothingChanged(async () => {
      const back = await admin.request(
        'PATCH',
        `/api/gold-estates/commission-plans/${closersPlan.id}`,
        closers({ from: '2026-07-01' }),
      )
      expect(back.status).toBe(400)
      expect((back.json as ErrorAnswer).errors?.[0]?.path).toBe('from')
    })
    const later = await admin.request(
      'PATCH',
      `/api/gold-estates/commission-plans/${closersPlan.id}`,
      closers({ from: '2027-01-01', roles: [{ role: 'closer', share: 65, tiers: [] }] }),
    )
    expect(later.status, later.text).toBe(200)
    const plan: InferResponseType<
      TypedApi['gold-estates']['commission-plans'][':id']['$patch'],
      200
    > = later.json
    expect(plan.versions.map((version) => version.from)).toEqual(['2025-01-01', '2027-01-01'])
    // What the paid line earned stays as it was: no adjustment on its sale.
    const commissions: InferResponseType<TypedApi['gold-estates']['commissions']['$get'], 200> = (
      await admin.get('/api/gold-estates/commissions')
    ).json
    const saleId = commissions.find((line) => line.id === paid?.id)?.saleId ?? ''
    expect((await detail(saleId)).lines).toHaveLength(1)
  })
})

describe('attacks', () => {
  test('a SELLER reads their own position and plan, not another seller’s', async () => {
    const own = await seller.get(`/api/gold-estates/sellers/${ids.dirk}/position?date=2026-03-01`)
    expect(own.status).toBe(200)
    expect((own.json as Position).planName).toBe('Closers')
    const other = await seller.get(`/api/gold-estates/sellers/${ids.anna}/position`)
    expect(other.status).toBe(404)
    const plans: Plans = (await seller.get('/api/gold-estates/commission-plans')).json
    expect(plans.map((plan) => plan.name)).toEqual(['Closers'])
  })

  test('a SELLER cannot write plans, placements or project rates', async () => {
    await expectNothingChanged(async () => {
      expect((await seller.post('/api/gold-estates/commission-plans', closers())).status).toBe(403)
      expect(
        (
          await seller.request('PATCH', `/api/gold-estates/commission-plans/${closersPlan.id}`, {
            name: 'Van mij',
          })
        ).status,
      ).toBe(403)
      expect(
        (
          await seller.request('PUT', `/api/gold-estates/sellers/${ids.dirk}/plan`, {
            planId: closersPlan.id,
            from: '2028-01-01',
          })
        ).status,
      ).toBe(403)
      expect(
        (
          await seller.request('PUT', `/api/gold-estates/projects/${projectId}/rate`, {
            from: '2028-01-01',
            commissionPercentage: 9,
          })
        ).status,
      ).toBe(403)
    })
  })

  test("a SELLER's own team sale is not held; one without them is refused", async () => {
    const own = await register(
      seller,
      teamSale([{ sellerId: ids.dirk, role: 'closer' }], 100_000, '2026-03-01'),
    )
    expect(own.reviewStatus).toBeNull()
    await expectNothingChanged(async () => {
      const without = await seller.post(
        '/api/gold-estates/sales',
        teamSale([{ sellerId: ids.anna, role: 'closer' }], 100_000, '2026-03-01'),
      )
      expect(without.status).toBe(403)
    })
  })

  test("another organisation's ADMIN sees none of it and changes nothing", async () => {
    const theirs: Plans = (await otherOwner.get('/api/gold-estates/commission-plans')).json
    expect(theirs).toEqual([])
    await expectNothingChanged(async () => {
      const patch = await otherOwner.request(
        'PATCH',
        `/api/gold-estates/commission-plans/${closersPlan.id}`,
        { name: 'Overgenomen' },
      )
      expect(patch.status).toBe(404)
      const placement = await otherOwner.request(
        'PUT',
        `/api/gold-estates/sellers/${ids.anna}/plan`,
        { planId: closersPlan.id, from: '2028-01-01' },
      )
      expect(placement.status).toBe(404)
      expect((await otherOwner.get(`/api/gold-estates/sellers/${ids.anna}/position`)).status).toBe(
        404,
      )
      expect((await otherOwner.get(`/api/gold-estates/sales/${'x'.repeat(8)}`)).status).toBe(404)
    })
  })

  test('an outsider and a registered stranger are turned away', async () => {
    await expectNothingChanged(async () => {
      for (const client of [outsider(), stranger]) {
        expect((await client.get('/api/gold-estates/commission-plans')).status).toBe(401)
        expect((await client.post('/api/gold-estates/commission-plans', closers())).status).toBe(
          401,
        )
        expect((await client.get(`/api/gold-estates/sellers/${ids.anna}/position`)).status).toBe(
          401,
        )
      }
    })
  })

  test('a team with a seller, role or share the plans do not know: 400 naming the member', async () => {
    await expectNothingChanged(async () => {
      const cases: [object[], string][] = [
        [[{ sellerId: 'nobody', role: 'closer' }], 'team.0.sellerId'],
        [
          [
            { sellerId: ids.anna, role: 'closer' },
            { sellerId: ids.anna, role: 'keeper' },
          ],
          'team.1.role',
        ],
        [[{ sellerId: ids.anna, commissionType: 'referral' }], 'team.0.commissionType'],
        [[], 'team'],
      ]
      for (const [team, path] of cases) {
        const answer = await admin.post(
          '/api/gold-estates/sales',
          teamSale(team, 100_000, '2026-03-01'),
        )
        expect(answer.status, `${path}: ${answer.text}`).toBe(400)
        expect((answer.json as ErrorAnswer).errors?.[0]?.path).toBe(path)
      }
      // A seller on no plan on the sale date (placed from 2025).
      const early = await admin.post(
        '/api/gold-estates/sales',
        teamSale([{ sellerId: ids.anna, role: 'closer' }], 100_000, '2024-12-31'),
      )
      expectRefusal(early, 400, /^team\.0\.sellerId: Anna heeft op 2024-12-31 geen commissieplan/)
    })
  })
})
