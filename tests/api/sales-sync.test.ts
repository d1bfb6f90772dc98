import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { createClient } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// A sale registered on a device reaches the server through replication: the pushed
// document carries the commission lines, the server recomputes the amounts, and a replay
// of the same push has no second effect.

let server: TestServer
let root: ReturnType<typeof createClient>
let projectId: string
let sellerIds: string[]

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  expect((await root.post('/api/admin/launch-gold-estates')).status).toBe(200)
  projectId = (await root.post('/api/gold-estates/projects', { name: 'Havenkwartier' })).json.id
  sellerIds = []
  for (const name of ['Sanne Setter', 'Cor Closer']) {
    sellerIds.push((await root.post('/api/gold-estates/sellers', { name })).json.id)
  }
})
afterAll(() => server.close())

/** A sale as the web app's local database pushes it. */
function localSale(overrides: { commissionAmount?: number } = {}) {
  const now = Date.now()
  const payload = buildSalePayload({
    projectId,
    salePrice: 45_000_000,
    commissionPercentage: 2,
    saleDate: '2026-03-01',
    lines: [
      { sellerId: sellerIds[0]!, percentage: 40, role: 'setter' },
      { sellerId: sellerIds[1]!, percentage: 60, role: 'closer' },
    ],
  })
  return {
    id: uuidv7(),
    _deleted: false,
    ...payload,
    ...overrides,
    deliveryDate: null,
    status: 'completed',
    notes: null,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
    seq: 0,
  }
}

async function pull(collection: string) {
  const page = await root.get(`/api/sync/v1/${collection}/pull?checkpoint=0&limit=1000`)
  expect(page.status).toBe(200)
  return page.json.documents as Record<string, unknown>[]
}

test('a pushed sale is created once with its commission lines', async () => {
  const sale = localSale()
  const push = () => root.post('/api/sync/v1/sales/push', { rows: [{ newDocumentState: sale }] })
  // The answer carries the stored sale (seq and the server's fields), whatever the pull
  // brings meanwhile.
  const first = await push()
  expect(first.json.refused).toEqual([])
  expect(first.json.conflicts[0]).toMatchObject({ id: sale.id, status: 'completed' })
  expect(first.json.conflicts[0].seq).toBeGreaterThan(0)
  // The answer was lost and the device sends it again: nothing new, and the stored sale
  // comes back, so the device's copy leaves seq 0 (its lines are not counted twice).
  const replay = await push()
  expect(replay.json.refused).toEqual([])
  expect(replay.json.conflicts).toHaveLength(1)
  expect(replay.json.conflicts[0]).toMatchObject({ id: sale.id, status: 'completed' })
  expect(replay.json.conflicts[0].seq).toBeGreaterThan(0)

  const sales = (await pull('sales')).filter((doc) => doc.id === sale.id)
  expect(sales).toHaveLength(1)
  expect(sales[0]).toMatchObject({ commissionAmount: 900_000, status: 'completed' })
  expect(sales[0]).not.toHaveProperty('commissions')
  const lines = (await pull('commissions')).filter((doc) => doc.saleId === sale.id)
  expect(lines.map((line) => [line.sellerId, line.commissionAmount, line.status])).toEqual([
    [sellerIds[0], 360_000, 'pending'],
    [sellerIds[1], 540_000, 'pending'],
  ])
})

test('a pushed sale with wrong amounts is refused with the reason and reverted', async () => {
  const sale = localSale({ commissionAmount: 1 })
  const answer = await root.post('/api/sync/v1/sales/push', { rows: [{ newDocumentState: sale }] })
  expect(answer.json.refused).toEqual([
    { id: sale.id, reason: expect.stringContaining('commissionAmount') },
  ])
  expect(answer.json.conflicts).toEqual([expect.objectContaining({ id: sale.id, _deleted: true })])
  expect((await pull('sales')).some((doc) => doc.id === sale.id)).toBe(false)
})
