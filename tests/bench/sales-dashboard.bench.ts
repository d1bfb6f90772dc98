import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { commissions, sales, salesProjects, salesSellers } from '#schema/db/organisation'
import { takeNextSeq } from '#server/db/next-seq'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { createTimer } from './median.ts'

// The commission dashboard over 20,000 sales and 60,000 commission lines: the endpoint's
// median against merely reading the same rows from the same file (the floor).
// Targets (issue 4): p50 under 150 ms and at most 2× the floor.

const SALES = 20_000
let server: TestServer
let client: ReturnType<typeof createClient>
const endpoint = createTimer()
const floor = createTimer()

beforeAll(async () => {
  server = await startTestServer()
  const root = await signInFirstSuperadmin(server)
  await root.post('/api/admin/launch-gold-estates')
  client = root
  const db = server.deps.organisations.get('default-org')
  const now = Date.now()
  const organizationId = 'default-org'
  db.transaction((tx) => {
    const projectIds = Array.from({ length: 20 }, (_, index) => {
      const id = uuidv7()
      tx.insert(salesProjects)
        .values({
          id,
          seq: takeNextSeq(tx),
          updatedAt: now,
          organizationId,
          name: `Project ${index}`,
          label: index % 2 ? 'Nieuwbouw' : 'Bestaand',
          createdAt: now,
        })
        .run()
      return id
    })
    const sellerIds = Array.from({ length: 50 }, (_, index) => {
      const id = uuidv7()
      tx.insert(salesSellers)
        .values({
          id,
          seq: takeNextSeq(tx),
          updatedAt: now,
          organizationId,
          name: `Verkoper ${index}`,
          role: 'closer',
          createdAt: now,
        })
        .run()
      return id
    })
    for (let index = 0; index < SALES; index++) {
      const saleId = uuidv7()
      const day = String((index % 28) + 1).padStart(2, '0')
      const month = String((index % 12) + 1).padStart(2, '0')
      tx.insert(sales)
        .values({
          id: saleId,
          seq: takeNextSeq(tx),
          updatedAt: now,
          organizationId,
          projectId: projectIds[index % projectIds.length]!,
          clientName: `Klant ${index}`,
          propertyNumber: `B-${index}`,
          saleDate: `2026-${month}-${day}`,
          salePrice: 30_000_000 + index,
          commissionPercentage: 2.5,
          commissionAmount: 750_000,
          status: 'completed',
          createdAt: now,
        })
        .run()
      for (let line = 0; line < 3; line++) {
        tx.insert(commissions)
          .values({
            id: uuidv7(),
            seq: takeNextSeq(tx),
            updatedAt: now,
            organizationId,
            saleId,
            sellerId: sellerIds[(index + line) % sellerIds.length]!,
            commissionType: line === 2 ? 'referral' : 'sales',
            commissionPercentage: line === 2 ? 10 : 45,
            commissionAmount: line === 2 ? 75_000 : 337_500,
            status: index % 3 ? 'pending' : 'paid',
            expectedPaymentDate: `2026-${month}-${day}`,
            createdAt: now,
          })
          .run()
      }
    }
  })
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
    () =>
      floor.time(() => {
        const client = server.deps.organisations.get('default-org').$client
        for (const table of ['sales', 'commissions', 'sales_projects', 'sales_sellers']) {
          client.prepare(`select * from ${table} where deleted = 0`).all()
        }
      }),
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
