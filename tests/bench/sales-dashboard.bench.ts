import { afterAll, beforeAll, bench, describe } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { Client } from '../support/http.ts'
import { seedSales } from '../support/seed-organisation.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { readDashboardRows } from './dashboard-floor.ts'
import { createTimer } from './median.ts'

// The commission dashboard over 20,000 sales and 60,000 commission lines: the endpoint's
// median against merely reading the same rows from the same file (the floor).
// Targets: p50 under 150 ms and at most 2× the floor.

const SALES = 20_000
let server: TestServer
let client: Client
const endpoint = createTimer()
const floor = createTimer()

beforeAll(async () => {
  server = await startTestServer()
  const root = await signInFirstSuperadmin(server)
  await root.post('/api/admin/launch-gold-estates')
  client = root
  seedSales(server.deps.organisations.get('default-org'), 'default-org', SALES)
})

afterAll(async () => {
  const ratio = endpoint.median / floor.median
  console.log(
    `\nsales dashboard over ${SALES} sales / ${SALES * 3} commissions: endpoint p50 ${endpoint.median.toFixed(1)} ms ` +
      `(${endpoint.count} calls), reading the same rows p50 ${floor.median.toFixed(1)} ms, ratio ${ratio.toFixed(2)}× ` +
      '(targets: < 150 ms, ≤ 2×)\n',
  )
  await server.close()
})

describe('commission dashboard', () => {
  bench(
    'reading the same rows (floor)',
    () => floor.time(() => readDashboardRows(server, 'default-org')),
    { iterations: 20, warmupIterations: 2 },
  )

  bench(
    'GET /api/gold-estates/commissions/dashboard',
    () =>
      endpoint.time(async () => {
        const response = await client.get(
          '/api/gold-estates/commissions/dashboard?dateFrom=2026-01-01&dateTo=2026-12-31',
        )
        if (response.json.totalSales !== SALES)
          throw new Error(`totalSales ${response.json.totalSales}`)
      }),
    { iterations: 20, warmupIterations: 2 },
  )
})
