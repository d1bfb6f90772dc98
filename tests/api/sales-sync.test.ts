import type { InferResponseType } from 'hono/client'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadminWithGoldEstates, signInSeller } from '../support/accounts.ts'
import type { Pulled } from '../support/answers.ts'
import type { Client } from '../support/http.ts'
import { buildPaymentPart, buildSalePayload } from '../support/sales.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type TypedApi, typedClient } from '../support/typed-client.ts'

type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>

// A sale registered on a device reaches the server through replication: the pushed
// document carries the commission lines, the server recomputes the amounts, and a replay
// of the same push has no second effect.

let server: TestServer
let root: Client
let projectId: string
let sellerIds: string[]

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadminWithGoldEstates(server)
  projectId = (await (await salesApi().projects.$post({ json: { name: 'Havenkwartier' } })).json())
    .id
  sellerIds = []
  for (const name of ['Sanne Setter', 'Cor Closer']) {
    sellerIds.push((await (await salesApi().sellers.$post({ json: { name } })).json()).id)
  }
})
afterAll(() => server.close())

/** The sales area's API under root's session, typed from its routes. */
const salesApi = () => typedClient(server.url, root.cookies)['gold-estates']

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

async function pull(collection: string, client = root, checkpoint = 0) {
  const page = await client.get(
    `/api/sync/v1/${collection}/pull?checkpoint=${checkpoint}&limit=1000`,
  )
  expect(page.status).toBe(200)
  return (page.json as Pulled).documents
}

type PulledLine = {
  id: string
  saleId: string
  sellerId: string
  commissionAmount: number
  status: string
  paidAmount: number
}

/** The lines of a sale as the pull of sales carries them. */
async function pulledLines(saleId: string) {
  const sale = (await pull('sales')).find((doc) => doc.id === saleId)
  return (sale?.lines ?? []) as PulledLine[]
}

test('a pushed sale is created once with its commission lines', async () => {
  const sale = localSale()
  const push = () => root.post('/api/sync/v1/sales/push', { rows: [{ newDocumentState: sale }] })
  // The answer carries the stored sale (seq and the server's fields), whatever the pull
  // brings meanwhile.
  const first = await push()
  expect((first.json as Pushed).refused).toEqual([])
  expect((first.json as Pushed).conflicts[0]).toMatchObject({ id: sale.id, status: 'completed' })
  expect((first.json as Pushed).conflicts[0]?.seq).toBeGreaterThan(0)
  // The answer was lost and the device sends it again: nothing new, and the stored sale
  // comes back, so the device's copy leaves seq 0 (its lines are not counted twice).
  const replay = await push()
  expect((replay.json as Pushed).refused).toEqual([])
  expect((replay.json as Pushed).conflicts).toHaveLength(1)
  expect((replay.json as Pushed).conflicts[0]).toMatchObject({ id: sale.id, status: 'completed' })
  expect((replay.json as Pushed).conflicts[0]?.seq).toBeGreaterThan(0)

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
  expect((answer.json as Pushed).refused).toEqual([
    { id: sale.id, reason: expect.stringContaining('commissionAmount') },
  ])
  expect((answer.json as Pushed).conflicts).toEqual([
    expect.objectContaining({ id: sale.id, _deleted: true }),
  ])
  expect((await pull('sales')).some((doc) => doc.id === sale.id)).toBe(false)
})

test('a pulled sale carries its lines, and any change of a line brings the sale again', async () => {
  const sale = localSale()
  await root.post('/api/sync/v1/sales/push', { rows: [{ newDocumentState: sale }] })
  const [pulled] = (await pull('sales')).filter((doc) => doc.id === sale.id)
  const lines = pulled?.lines as PulledLine[]
  expect(lines.map((line) => [line.sellerId, line.status, line.paidAmount])).toEqual([
    [sellerIds[0], 'pending', 0],
    [sellerIds[1], 'pending', 0],
  ])
  const linesAfter = async (seq: number) => {
    const [again] = (await pull('sales', root, seq)).filter((doc) => doc.id === sale.id)
    expect(again?.seq).toBeGreaterThan(seq)
    return { seq: again?.seq as number, lines: again?.lines as PulledLine[] }
  }
  const pay = (lineId: string | undefined, status: string) =>
    root.request('PATCH', `/api/gold-estates/commissions/${lineId}`, { status })

  expect((await pay(lines[0]?.id, 'paid')).status).toBe(200)
  const paid = await linesAfter(pulled?.seq as number)
  expect(paid.lines.map((line) => [line.id, line.status])).toEqual([
    [lines[0]?.id, 'paid'],
    [lines[1]?.id, 'pending'],
  ])
  // Settling a clawback changes no field of the sale row (its paid total leaves clawbacks
  // out): the line's own change still brings the sale again.
  const cancel = await root.post(`/api/gold-estates/sales/${sale.id}/cancel`, {
    reason: 'Koper trekt zich terug',
  })
  expect(cancel.status).toBe(200)
  const cancelled = await linesAfter(paid.seq)
  const clawback = cancelled.lines.find(
    (line) => line.status === 'pending' && line.paidAmount === 0 && line.id !== lines[1]?.id,
  )
  expect((await pay(clawback?.id, 'settled')).status).toBe(200)
  const settled = await linesAfter(cancelled.seq)
  expect(settled.lines.find((line) => line.id === clawback?.id)?.status).toBe('settled')
})

test("a SELLER's pulled sale carries only their own lines", async () => {
  const email = 'lines.seller@example.com'
  const own = await (await salesApi().sellers.$post({ json: { name: 'Lien Lijn', email } })).json()
  const sale = localSale()
  sale.commissions = [{ ...sale.commissions[0]!, sellerId: own.id }, { ...sale.commissions[1]! }]
  await root.post('/api/sync/v1/sales/push', { rows: [{ newDocumentState: sale }] })
  const seller = await signInSeller(server, root, { id: own.id, email, role: 'SELLER' })
  const sales = await pull('sales', seller)
  expect(sales.map((doc) => doc.id)).toEqual([sale.id])
  const lines = sales[0]?.lines as PulledLine[]
  expect(lines.map((line) => line.sellerId)).toEqual([own.id])
  // Asking for the sale through a push answers with the same view, never a colleague's line.
  const probe = await seller.post('/api/sync/v1/sales/push', {
    rows: [{ newDocumentState: { ...sales[0], clientName: 'Anders', _deleted: false } }],
  })
  const answered = [...(probe.json as Pushed).conflicts] as { lines?: PulledLine[] }[]
  for (const document of answered) {
    expect(document.lines?.every((line) => line.sellerId === own.id)).toBe(true)
  }
})

test('a payment part undone before its answer came back, and booked again, is one part', async () => {
  const sale = localSale()
  await root.post('/api/sync/v1/sales/push', { rows: [{ newDocumentState: sale }] })
  const [line] = await pulledLines(sale.id)
  if (!line) throw new Error('no line pulled')
  const part = (amount: number) =>
    buildPaymentPart(line, { id: uuidv7(), amount, paidOn: '2026-11-20' })
  const first = part(line.commissionAmount)
  const booked = await root.post('/api/sync/v1/commissionPayments/push', {
    rows: [{ newDocumentState: first }],
  })
  expect((booked.json as Pushed).refused).toEqual([])
  // "Markeer betaald", "Ongedaan maken" and "Markeer betaald" again in quick succession:
  // the device undid the part before the create's answer arrived, so the undo goes without
  // the server's copy (no assumed state, seq 0), in one batch with the new part.
  const again = part(line.commissionAmount)
  const answer = await root.post('/api/sync/v1/commissionPayments/push', {
    rows: [{ newDocumentState: { ...first, _deleted: true } }, { newDocumentState: again }],
  })
  expect((answer.json as Pushed).refused).toEqual([])
  const parts = (await pull('commissionPayments')).filter((doc) => doc.commissionId === line.id)
  expect(parts.map((doc) => [doc.id, doc._deleted])).toEqual([
    [first.id, true],
    [again.id, false],
  ])
  const paid = (await pulledLines(sale.id)).find((candidate) => candidate.id === line.id)
  expect(paid).toMatchObject({ status: 'paid', paidAmount: line.commissionAmount })
})
