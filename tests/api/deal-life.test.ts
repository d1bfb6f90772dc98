import { addDays } from 'date-fns/addDays'
import { format } from 'date-fns/format'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { calculateCommission } from '#schema/commission'
import { applyPaymentParts } from '#schema/commission-changes'
import type { CommissionDocument } from '#schema/sales'
import { buildCommissionDashboard, buildDetailedStats } from '#schema/sales-dashboard'
import {
  signInFirstSuperadminWithGoldEstates,
  signInOtherOrganisationOwner,
  signInSeller,
} from '../support/accounts.ts'
import type { Sales, Seller } from '../support/answers.ts'
import { addProject, patchSale } from '../support/api-gold-estates.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, createClient } from '../support/http.ts'
import {
  buildCorrection,
  buildPaymentPart,
  buildSalePayload,
  listCommissions,
  postSale,
} from '../support/sales.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type PartOf, type TypedApi, typedClient } from '../support/typed-client.ts'

type GoldEstates = TypedApi['gold-estates']
type Corrected = InferResponseType<GoldEstates['sales'][':id']['$patch'], 200>
type Cancelled = InferResponseType<GoldEstates['sales'][':id']['cancel']['$post'], 200>
type PaymentPart = InferResponseType<GoldEstates['commissions'][':id']['payments']['$post'], 201>
type Dashboard = InferResponseType<GoldEstates['commissions']['dashboard']['$get'], 200>
type Stats = InferResponseType<GoldEstates['stats']['detailed']['$get'], 200>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>

/** The commission dashboard's tiles, as the route types them. */
const readDashboard = async (query = ''): Promise<Dashboard> =>
  (await admin.get(`/api/gold-estates/commissions/dashboard${query}`)).json

// The life of a deal through REST and replication, tried by an ADMIN, a MANAGER, a SELLER,
// an outsider and another organisation's ADMIN: corrections, cancellation with clawbacks,
// payment in parts, and the refusals of bad input.

let server: TestServer
let admin: Client
let manager: Client
let seller: Client
let projectId: string
let sanneId: string
let corId: string
const today = format(new Date(), 'yyyy-MM-dd')

async function registerSale(salePrice = 40_000_000) {
  const payload = buildSalePayload({
    projectId,
    salePrice,
    commissionPercentage: 3,
    lines: [
      { sellerId: sanneId, percentage: 60, role: 'closer' },
      { sellerId: corId, percentage: 40, role: 'setter' },
    ],
  })
  return postSale(server, admin, payload)
}

async function linesOf(saleId: string) {
  return (await listCommissions(server, admin)).filter((line) => line.saleId === saleId)
}

async function saleOf(saleId: string) {
  const all: Sales = (await admin.get('/api/gold-estates/sales')).json
  return all.find((sale) => sale.id === saleId)
}

function correction(salePrice: number, paidTotal: number, percentages = [60, 40]) {
  return buildCorrection({
    saleDate: today,
    salePrice,
    commissionPercentage: 3,
    splits: [
      {
        sellerId: sanneId,
        role: 'closer',
        commissionType: 'sales',
        commissionPercentage: percentages[0],
      },
      {
        sellerId: corId,
        role: 'setter',
        commissionType: 'sales',
        commissionPercentage: percentages[1],
      },
    ],
    paidTotal,
  })
}

/**
 * The dashboards a device computes from what it pulled (lines with their parts applied, as
 * the screens do offline) equal the server's, filtered and not.
 */
async function expectDeviceEqualsServer() {
  const pull = async (collection: string) =>
    (
      await admin.get(`/api/sync/v1/${collection}/pull?checkpoint=0&limit=1000`)
    ).json.documents.filter((doc: { _deleted: boolean }) => !doc._deleted)
  const data = {
    sales: await pull('sales'),
    commissions: applyPaymentParts(
      (await pull('commissions')) as CommissionDocument[],
      await pull('commissionPayments'),
    ),
    projects: await pull('projects'),
    sellers: await pull('sellers'),
  }
  expect(buildCommissionDashboard(data, {}, today)).toEqual(await readDashboard())
  const filters = { sellerId: sanneId, dateFrom: '2020-01-01', dateTo: today }
  const filtered = await readDashboard(`?${new URLSearchParams(filters)}`)
  expect(buildCommissionDashboard(data, filters, today)).toEqual(filtered)
  const stats: Stats = (await admin.get('/api/gold-estates/stats/detailed')).json
  expect(buildDetailedStats(data, today)).toEqual(stats)
}

const pay = (client: Client, lineId: string, amount: number, paidOn = today) =>
  client.post(`/api/gold-estates/commissions/${lineId}/payments`, { amount, paidOn, note: null })

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Havenkwartier')
  const addSeller = async (name: string, email: string) =>
    ((await admin.post('/api/gold-estates/sellers', { name, email })).json as Seller).id
  sanneId = await addSeller('Sanne', 'sanne@example.com')
  corId = await addSeller('Cor', 'cor@example.com')
  const mariaId = await addSeller('Maria', 'maria@example.com')
  seller = await signInSeller(server, admin, {
    id: sanneId,
    email: 'sanne@example.com',
    role: 'SELLER',
  })
  manager = await signInSeller(server, admin, {
    id: mariaId,
    email: 'maria@example.com',
    role: 'MANAGER',
  })
})
afterAll(() => server.close())

describe('a correction', () => {
  test('before any payment the lines are recomputed; after, the difference is an adjustment', async () => {
    const sale = await registerSale(40_000_000)
    const fixed = await patchSale(manager, sale.id, correction(50_000_000, 0))
    expect(fixed.status).toBe(200)
    expect(fixed.json).toMatchObject({
      salePrice: 50_000_000,
      commissionAmount: 1_500_000,
    } satisfies PartOf<Corrected>)
    let lines = await linesOf(sale.id)
    expect(lines.map((line) => [line.sellerId, line.kind, line.commissionAmount])).toEqual([
      [sanneId, 'commission', 900_000],
      [corId, 'commission', 600_000],
    ])

    const sanneLine = lines[0]!
    expect((await pay(admin, sanneLine.id, 400_000)).status).toBe(201)
    expect((await saleOf(sale.id))?.paidTotal).toBe(400_000)
    // A correction against the old state of payments is refused and changes nothing.
    const stale = await patchSale(admin, sale.id, correction(45_000_000, 0))
    expectRefusal(stale, 409, /intussen een betaling/)
    expect((await saleOf(sale.id))?.salePrice).toBe(50_000_000)

    // Now the price goes down: no paid amount is rewritten, each seller gets the difference.
    const down = await patchSale(admin, sale.id, correction(45_123_457, 400_000))
    expect(down.status).toBe(200)
    const net = calculateCommission({
      salePriceCents: 45_123_457,
      commissionPercentage: 3,
      discountPercentage: 0,
      costsCents: 0,
      lines: [
        { commissionType: 'sales', percentage: 60 },
        { commissionType: 'sales', percentage: 40 },
      ],
    })
    lines = await linesOf(sale.id)
    const adjustments = lines.filter((line) => line.kind === 'adjustment')
    expect(adjustments.map((line) => [line.sellerId, line.commissionAmount, line.status])).toEqual([
      [sanneId, (net.lineAmountsCents[0] ?? 0) - 900_000, 'pending'],
      [corId, (net.lineAmountsCents[1] ?? 0) - 600_000, 'pending'],
    ])
    // What each seller is owed now equals the new arithmetic, to the cent.
    for (const [index, sellerId] of [sanneId, corId].entries()) {
      const owed = lines
        .filter((line) => line.sellerId === sellerId)
        .reduce((sum, line) => sum + line.commissionAmount, 0)
      expect(owed).toBe(net.lineAmountsCents[index])
    }
    const paidLine = lines.find((line) => line.id === sanneLine.id)
    expect(paidLine).toMatchObject({ commissionAmount: 900_000, paidAmount: 400_000 })
    await expectDeviceEqualsServer()

    const db = openOrganisationFile(server.dataDir)
    const logged = db
      .prepare("select metadata from activities where action = 'Verkoop gecorrigeerd'")
      .pluck()
      .all() as string[]
    db.close()
    expect(logged).toHaveLength(2)
    expect(JSON.parse(logged[1]!)).toMatchObject({
      before: { salePrice: 50_000_000 },
      after: { salePrice: 45_123_457 },
    })
  })

  test('a seller taken off a sale by a correction receives the corrected sale and loses the line', async () => {
    const cor = await signInSeller(server, admin, {
      id: corId,
      email: 'cor@example.com',
      role: 'SELLER',
    })
    const sale = await registerSale()
    const pull = async (collection: string) =>
      (await cor.get(`/api/sync/v1/${collection}/pull?checkpoint=0&limit=1000`)).json.documents
    const fixed = await patchSale(admin, sale.id, correction(41_000_000, 0, [100, 0]))
    expect(fixed.status).toBe(200)
    expect((await linesOf(sale.id)).map((line) => line.sellerId)).toEqual([sanneId, corId])
    const onlySanne = await patchSale(admin, sale.id, {
      ...correction(42_000_000, 0),
      splits: [correction(0, 0).splits[0]],
    })
    expect(onlySanne.status).toBe(200)
    const sales = await pull('sales')
    expect(sales.find((doc: { id: string }) => doc.id === sale.id)).toMatchObject({
      salePrice: 42_000_000,
    })
    const lines = (await pull('commissions')).filter(
      (doc: { saleId: string }) => doc.saleId === sale.id,
    )
    expect(lines.every((doc: { _deleted: boolean }) => doc._deleted)).toBe(true)
  })

  test('a SELLER may not correct or cancel; bad input is a 400 and nothing changes', async () => {
    const sale = await registerSale()
    const bySeller = await patchSale(seller, sale.id, correction(1, 0))
    expect(bySeller.status).toBe(403)
    expect(
      (await seller.post(`/api/gold-estates/sales/${sale.id}/cancel`, { reason: 'Mijn keuze' }))
        .status,
    ).toBe(403)
    const negative = await patchSale(admin, sale.id, correction(-5, 0))
    expectRefusal(negative, 400, /negatief/)
    const fraction = await patchSale(admin, sale.id, correction(10.5, 0))
    expect(fraction.status).toBe(400)
    expect(
      (await admin.post(`/api/gold-estates/sales/${sale.id}/cancel`, { reason: '' })).status,
    ).toBe(400)
    expect(await saleOf(sale.id)).toMatchObject({ status: 'completed', salePrice: 40_000_000 })
  })
})

describe('payment in parts', () => {
  test('parts add up to a paid line; more than is open is refused; a part can be undone', async () => {
    const sale = await registerSale(10_000_000)
    const line = (await linesOf(sale.id))[1]!
    expect(line.commissionAmount).toBe(120_000)
    const first = await pay(manager, line.id, 50_000)
    expect(first.status).toBe(201)
    const tooMuch = await pay(admin, line.id, 70_001)
    expectRefusal(tooMuch, 400, /hoger dan wat op deze regel nog openstaat/)
    expect((await pay(admin, line.id, 0)).status).toBe(400)
    expect((await pay(admin, line.id, 12.5)).status).toBe(400)
    expect((await pay(seller, line.id, 10)).status).toBe(403)
    expect((await pay(admin, line.id, 70_000)).status).toBe(201)
    expect((await linesOf(sale.id))[1]).toMatchObject({ paidAmount: 120_000, status: 'paid' })
    await expectDeviceEqualsServer()

    const dashboard = await readDashboard()
    const local = await (
      await typedClient(server.url, admin.cookies)['gold-estates'].commissions.$get()
    ).json()
    expect(dashboard.paidCommissions).toBe(
      local
        .filter((item) => item.kind !== 'clawback')
        .reduce((sum, item) => sum + item.paidAmount, 0),
    )

    const undo = await admin.request(
      'DELETE',
      `/api/gold-estates/commission-payments/${(first.json as PaymentPart).id}`,
    )
    expect(undo.status).toBe(200)
    expect((await linesOf(sale.id))[1]).toMatchObject({ paidAmount: 70_000, status: 'pending' })
    expect(
      (
        await admin.request(
          'DELETE',
          `/api/gold-estates/commission-payments/${(first.json as PaymentPart).id}`,
        )
      ).status,
    ).toBe(404)
  })
})

describe('a payment date', () => {
  test("more than a day after the server's today is refused, by REST and by replication; tomorrow is taken", async () => {
    const sale = await registerSale(10_000_000)
    const line = (await linesOf(sale.id))[0]!
    const dayAfterTomorrow = format(addDays(new Date(), 2), 'yyyy-MM-dd')
    const tomorrow = format(addDays(new Date(), 1), 'yyyy-MM-dd')
    const late = await pay(admin, line.id, 1_000, dayAfterTomorrow)
    expectRefusal(late, 400, 'De betaaldatum mag niet meer dan een dag in de toekomst liggen.')
    expect((await linesOf(sale.id))[0]?.paidAmount).toBe(0)
    expect((await pay(admin, line.id, 1_000, tomorrow)).status).toBe(201)

    const pushed = await admin.post('/api/sync/v1/commissionPayments/push', {
      rows: [
        {
          newDocumentState: buildPaymentPart(line, {
            id: '019a0000-0000-7000-8000-0000000000d2',
            amount: 1_000,
            paidOn: dayAfterTomorrow,
          }),
        },
      ],
    })
    expect((pushed.json as Pushed).refused).toEqual([
      {
        id: '019a0000-0000-7000-8000-0000000000d2',
        reason: 'De betaaldatum mag niet meer dan een dag in de toekomst liggen.',
      },
    ])
    expect((await linesOf(sale.id))[0]?.paidAmount).toBe(1_000)
  })
})

describe('a cancellation', () => {
  test('unpaid lines cancelled, paid parts clawed back; a second cancel is 409', async () => {
    const sale = await registerSale(20_000_000)
    const [paidLine, openLine] = await linesOf(sale.id)
    expect((await pay(admin, paidLine!.id, 100_000)).status).toBe(201)
    const before = await readDashboard()
    const cancelled = await manager.post(`/api/gold-estates/sales/${sale.id}/cancel`, {
      reason: 'Financiering afgewezen',
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.json).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Financiering afgewezen',
    } satisfies PartOf<Cancelled>)
    const lines = await linesOf(sale.id)
    expect(
      lines.map((line) => [line.sellerId, line.kind, line.commissionAmount, line.status]),
    ).toEqual([
      [sanneId, 'commission', paidLine!.commissionAmount, 'cancelled'],
      [corId, 'commission', openLine!.commissionAmount, 'cancelled'],
      [sanneId, 'clawback', -100_000, 'pending'],
    ])
    const again = await admin.post(`/api/gold-estates/sales/${sale.id}/cancel`, {
      reason: 'Nog eens',
    })
    expectRefusal(again, 409, 'Deze verkoop is al geannuleerd')
    const onCancelled = await pay(admin, openLine!.id, 1)
    expectRefusal(onCancelled, 409, 'Deze commissie hoort bij een geannuleerde verkoop')
    const corrected = await patchSale(admin, sale.id, correction(1, 100_000))
    expect(corrected.status).toBe(409)

    // The dashboards leave the sale out and show the clawback as its own figure.
    const after = await readDashboard()
    expect(after.totalSales).toBe(before.totalSales - 1)
    expect(after.openClawbacks).toBe(before.openClawbacks + 100_000)
    expect(after.paidCommissions).toBe(before.paidCommissions)
    await expectDeviceEqualsServer()

    // The clawback is settled when the seller pays it back; the seller sees it.
    const clawback = lines[2]!
    const mine = await (
      await typedClient(server.url, seller.cookies)['gold-estates'].commissions.$get()
    ).json()
    expect(mine.find((line) => line.id === clawback.id)).toMatchObject({ kind: 'clawback' })
    expect((await pay(admin, clawback.id, 100_000)).status).toBe(201)
    expect((await linesOf(sale.id))[2]).toMatchObject({ status: 'settled', paidAmount: -100_000 })
    const settled = await readDashboard()
    expect(settled.openClawbacks).toBe(before.openClawbacks)
  })

  test("after every step, the dashboards a device computes equal the server's", async () => {
    await expectDeviceEqualsServer()
  })
})

describe('through replication', () => {
  test('a correction pushed from a device that had not seen a payment is refused with its reason', async () => {
    const sale = await registerSale(30_000_000)
    const pulled = (await admin.get('/api/sync/v1/sales/pull?checkpoint=0&limit=1000')).json
      .documents
    const seen = pulled.find((doc: { id: string }) => doc.id === sale.id)
    const line = (await linesOf(sale.id))[0]!
    // Meanwhile, on another device, a part is paid.
    expect((await pay(manager, line.id, 10_000)).status).toBe(201)
    const push = await admin.post('/api/sync/v1/sales/push', {
      rows: [{ assumedMasterState: seen, newDocumentState: { ...seen, salePrice: 31_000_000 } }],
    })
    expect(push.status).toBe(200)
    expect((push.json as Pushed).refused).toEqual([
      { id: sale.id, reason: expect.stringMatching(/intussen een betaling/) },
    ])
    expect((await saleOf(sale.id))?.salePrice).toBe(30_000_000)
    const refusals = (await admin.get('/api/gold-estates/sync-refusals')).json
    expect(JSON.stringify(refusals)).toMatch(/intussen een betaling/)
  })

  test('a payment part and a cancellation pushed from a device go through the same rules', async () => {
    const sale = await registerSale(30_000_000)
    const line = (await linesOf(sale.id))[0]!
    const part = (id: string, amount: number) => ({
      id,
      commissionId: line.id,
      saleId: sale.id,
      sellerId: line.sellerId,
      amount,
      paidOn: today,
      note: 'eerste deel',
      createdBy: null,
      createdAt: 1,
      updatedAt: 1,
      seq: 0,
      _deleted: false,
    })
    const pushed = await admin.post('/api/sync/v1/commissionPayments/push', {
      rows: [{ newDocumentState: part('019a0000-0000-7000-8000-000000000001', 1_000) }],
    })
    expect((pushed.json as Pushed).refused).toEqual([])
    expect((await linesOf(sale.id))[0]?.paidAmount).toBe(1_000)
    const tooMuch = await admin.post('/api/sync/v1/commissionPayments/push', {
      rows: [{ newDocumentState: part('019a0000-0000-7000-8000-000000000002', 99_999_999) }],
    })
    expect((tooMuch.json as Pushed).refused[0]?.reason).toMatch(
      /hoger dan wat op deze regel nog openstaat/,
    )
    const bySeller = await seller.post('/api/sync/v1/commissionPayments/push', {
      rows: [{ newDocumentState: part('019a0000-0000-7000-8000-000000000003', 1) }],
    })
    expect((bySeller.json as Pushed).refused[0]?.reason).toMatch(/sales.commissions.pay/)

    const pulled = (await admin.get('/api/sync/v1/sales/pull?checkpoint=0&limit=1000')).json
      .documents
    const seen = pulled.find((doc: { id: string }) => doc.id === sale.id)
    const cancel = { ...seen, status: 'cancelled', cancelReason: 'Koper trekt zich terug' }
    const bySellerCancel = await seller.post('/api/sync/v1/sales/push', {
      rows: [{ assumedMasterState: seen, newDocumentState: cancel }],
    })
    expect((bySellerCancel.json as Pushed).refused[0]?.reason ?? '').toMatch(/sales.correct/)
    const cancelled = await admin.post('/api/sync/v1/sales/push', {
      rows: [{ assumedMasterState: seen, newDocumentState: cancel }],
    })
    expect((cancelled.json as Pushed).refused).toEqual([])
    expect(await saleOf(sale.id)).toMatchObject({ status: 'cancelled' })
    const lines = await linesOf(sale.id)
    expect(
      lines.filter((item) => item.kind === 'clawback').map((item) => item.commissionAmount),
    ).toEqual([-1_000])
  })
})

describe('outsiders', () => {
  test('no session is 401; another organisation finds nothing to change', async () => {
    const sale = await registerSale()
    const line = (await linesOf(sale.id))[0]!
    const stranger = createClient(server.url)
    expect(
      (await stranger.post(`/api/gold-estates/sales/${sale.id}/cancel`, { reason: 'Weg ermee' }))
        .status,
    ).toBe(401)
    expect((await pay(stranger, line.id, 1)).status).toBe(401)
    const other = await signInOtherOrganisationOwner(server)
    expect(
      (await other.post(`/api/gold-estates/sales/${sale.id}/cancel`, { reason: 'Weg ermee' }))
        .status,
    ).toBe(404)
    expect((await pay(other, line.id, 1)).status).toBe(404)
    expect((await patchSale(other, sale.id, correction(1, 0))).status).toBe(404)
    expect(await saleOf(sale.id)).toMatchObject({ status: 'completed' })
  })
})
