import { afterAll, beforeAll, bench, describe } from 'vitest'
import { addSellers, signInFirstSuperadmin, signInNewOrganisation } from '../support/accounts.ts'
import type { Client } from '../support/http.ts'
import { seedSales } from '../support/seed-organisation.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { readDashboardRows } from './dashboard-floor.ts'
import { createTimer } from './median.ts'

// Issue 48's target: "the dashboard with plans on 5,000 sales stays within today's
// figures". Today's figures are sales-dashboard.bench.ts's targets for the commission
// dashboard endpoint: p50 under 150 ms and at most 2× merely reading the same rows. Two
// organisations on one server: 5,000 sales typed by hand (seeded as that bench seeds
// them, three lines each) and 5,000 sales registered through the API with their team from
// commission plans (a closer and a setter each; the closers' quarterly tiers crossed in
// turn, so the earlier sales of each quarter carry adjustment lines). Each is timed
// beside its own floor; printed side by side.

const SALES = 5_000
const SELLERS = 10
const EURO = 100
const QUERY = '/api/gold-estates/commissions/dashboard?dateFrom=2026-01-01&dateTo=2026-12-31'
let server: TestServer
const sides = {
  typed: { client: null as unknown as Client, organisationId: 'default-org' },
  plans: { client: null as unknown as Client, organisationId: '' },
}
const timers = {
  typed: { endpoint: createTimer(), floor: createTimer() },
  plans: { endpoint: createTimer(), floor: createTimer() },
}
const lineCounts = { typed: 0, plans: 0, adjustments: 0 }

/** Registers 5,000 team sales in date order through 2026, each with a closer and a setter. */
async function registerPlanSales(client: Client, projectId: string, sellerIds: string[]) {
  const plan = await client.post('/api/gold-estates/commission-plans', {
    name: 'Team',
    period: 'quarter',
    mode: 'retroactive',
    from: '2026-01-01',
    roles: [
      {
        role: 'closer',
        share: 55,
        tiers: [
          { fromVolume: 10_000_000 * EURO, share: 60 },
          { fromVolume: 25_000_000 * EURO, share: 65 },
          { fromVolume: 40_000_000 * EURO, share: 70 },
        ],
      },
      { role: 'setter', share: 20, tiers: [] },
    ],
  })
  if (plan.status !== 201) throw new Error(`plan: ${plan.status} ${plan.text}`)
  for (const sellerId of sellerIds) {
    await client.request('PUT', `/api/gold-estates/sellers/${sellerId}/plan`, {
      planId: plan.json.id,
      from: '2026-01-01',
    })
  }
  for (let index = 0; index < SALES; index++) {
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor((index * 364) / SALES) * 86_400_000)
    const answer = await client.post('/api/gold-estates/sales', {
      projectId,
      clientName: `Klant ${index}`,
      propertyNumber: `B-${index}`,
      saleDate: day.toISOString().slice(0, 10),
      salePrice: (300_000 + (index % 7) * 30_000) * EURO,
      commissionPercentage: 2,
      team: [
        { sellerId: sellerIds[index % SELLERS], role: 'closer' },
        { sellerId: sellerIds[(index + 3) % SELLERS], role: 'setter' },
      ],
    })
    if (answer.status !== 201) throw new Error(`sale ${index}: ${answer.status} ${answer.text}`)
  }
}

beforeAll(async () => {
  server = await startTestServer()
  sides.typed.client = await signInFirstSuperadmin(server)
  await sides.typed.client.post('/api/admin/launch-gold-estates')
  seedSales(server.deps.organisations.get('default-org'), 'default-org', SALES)

  const other = await signInNewOrganisation(server, 'Plannen')
  sides.plans = { client: other.api, organisationId: other.organisationId }
  await other.api.post('/api/admin/launch-gold-estates')
  const projectId = (await other.api.post('/api/gold-estates/projects', { name: 'Bench' })).json.id
  const names = Object.fromEntries(
    Array.from({ length: SELLERS }, (_, index) => [`v${index}`, `Verkoper ${index}`]),
  )
  const sellerIds = Object.values((await addSellers(server, other.api, names)).ids)
  await registerPlanSales(other.api, projectId, sellerIds)

  for (const side of ['typed', 'plans'] as const) {
    const client = server.deps.organisations.get(sides[side].organisationId).$client
    lineCounts[side] = client
      .prepare('select count(*) from commissions where deleted = 0')
      .pluck()
      .get() as number
    if (side === 'plans') {
      lineCounts.adjustments = client
        .prepare("select count(*) from commissions where kind = 'adjustment'")
        .pluck()
        .get() as number
    }
  }
}, 1_800_000)

afterAll(async () => {
  const describeSide = (side: 'typed' | 'plans') => {
    const { endpoint, floor } = timers[side]
    return `p50 ${endpoint.median.toFixed(1)} ms, floor ${floor.median.toFixed(1)} ms, ratio ${(endpoint.median / floor.median).toFixed(2)}×`
  }
  console.log(
    `\ncommission dashboard over ${SALES} sales (targets as today: < 150 ms, ≤ 2× the floor):\n` +
      `  typed by hand (${lineCounts.typed} lines):  ${describeSide('typed')}\n` +
      `  from plans (${lineCounts.plans} lines, ${lineCounts.adjustments} adjustments): ${describeSide('plans')}\n`,
  )
  await server.close()
})

for (const side of ['typed', 'plans'] as const) {
  describe(`commission dashboard, ${side}`, () => {
    bench(
      'reading the same rows (floor)',
      () => timers[side].floor.time(() => readDashboardRows(server, sides[side].organisationId)),
      { iterations: 20, warmupIterations: 2 },
    )
    bench(
      'GET /api/gold-estates/commissions/dashboard',
      () =>
        timers[side].endpoint.time(async () => {
          const response = await sides[side].client.get(QUERY)
          if (response.json.totalSales !== SALES)
            throw new Error(`totalSales ${response.json.totalSales}`)
        }),
      { iterations: 20, warmupIterations: 2 },
    )
  })
}
