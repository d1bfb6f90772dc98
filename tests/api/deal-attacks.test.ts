import path from 'node:path'
import Database from 'better-sqlite3'
import { format } from 'date-fns/format'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  addSellers,
  signInFirstSuperadminWithGoldEstates,
  signInInvitedUser,
  signInOtherOrganisationOwner,
  signInRegisteredStranger,
} from '../support/accounts.ts'
import type { Seller } from '../support/answers.ts'
import { addProject, markLine, patchSale } from '../support/api-gold-estates.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, createClient } from '../support/http.ts'
import {
  buildCorrection,
  buildPaymentPart,
  buildSalePayload,
  type CommissionLine,
  listCommissions,
  postSale,
} from '../support/sales.ts'
import { readTables } from '../support/sqlite.ts'
import { pullAll, pullSale, pushRows, type SyncDoc } from '../support/sync-calls.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import {
  type ErrorAnswer,
  type PartOf,
  type TypedApi,
  typedClient,
} from '../support/typed-client.ts'

// The life of a deal attacked: an outsider, a stranger who registered, a SELLER, another
// organisation's ADMIN (central and sales) and a MANAGER reaching past their rights, each
// through the REST routes and through replication pushes and pulls. Every attempt must
// end in the safe answer, and a refused write must leave the organisation's file as it
// was (only the refusal itself is recorded, in sync_queue).

type Line = CommissionLine
type GoldEstates = TypedApi['gold-estates']
type PaymentPart = InferResponseType<GoldEstates['commissions'][':id']['payments']['$post'], 201>
type Corrected = InferResponseType<GoldEstates['sales'][':id']['$patch'], 200>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>
type Sale = SyncDoc & { status: string; paidTotal: number; salePrice: number; seq: number }

let server: TestServer
let admin: Client
let manager: Client
let seller: Client
let stranger: Client
let otherOwner: Client
let otherAdmin: Client
let projectId: string
let otherProjectId: string
let otherSellerId: string
const ids = { sanne: '', cor: '', maria: '' }
const today = format(new Date(), 'yyyy-MM-dd')
let idCounter = 0
const newId = () => `019b0000-0000-7000-8000-${String(++idCounter).padStart(12, '0')}`

// What a write may change in the organisation's file: the deal's rows, the replication
// counter, the activity log, the catalogue and the CRM outbox. Refusals (sync_queue) are
// recorded on purpose and idempotency keys are bookkeeping, so they are not compared.
const WATCHED = [
  'sales',
  'commissions',
  'commission_payments',
  'sales_projects',
  'sales_sellers',
  'sales_settings',
  'sales_users',
  'activities',
  'replication_counter',
  'webhook_outbox',
]

const snapshot = (organisationId = 'default-org') =>
  readTables(server.dataDir, organisationId, WATCHED)

function countRefusals(organisationId = 'default-org') {
  const file = path.join(server.dataDir, 'orgs', `${organisationId}.sqlite`)
  const db = new Database(file, { readonly: true })
  try {
    return db.prepare("select count(*) from sync_queue where status = 'refused'").pluck().get()
  } finally {
    db.close()
  }
}

/** Runs the attempt and expects the watched tables of the organisation unchanged. */
async function expectNothingChanged(attempt: () => Promise<void>, organisationId?: string) {
  const before = snapshot(organisationId)
  await attempt()
  expect(snapshot(organisationId)).toEqual(before)
}

/** A sale of 300.000,00 at 3 %: by default Sanne 60 % and Cor 40 %. */
async function registerSale(
  lines: { sellerId: string; percentage: number }[] = [
    { sellerId: ids.sanne, percentage: 60 },
    { sellerId: ids.cor, percentage: 40 },
  ],
) {
  const payload = buildSalePayload({
    projectId,
    salePrice: 30_000_000,
    commissionPercentage: 3,
    lines,
  })
  return postSale(server, admin, payload)
}

async function linesOf(saleId: string) {
  return (await listCommissions(server, admin)).filter((line) => line.saleId === saleId)
}

const pulledSale = async (client: Client, saleId: string) =>
  (await pullSale(client, saleId)) as Sale

const pay = (client: Client, lineId: string, amount: unknown, extra: object = {}) =>
  client.post(`/api/gold-estates/commissions/${lineId}/payments`, {
    amount,
    paidOn: today,
    note: null,
    ...extra,
  })

/** A payment part as a device pushes it, with every field the document carries. */
function partDocument(line: Line, amount: unknown, extra: object = {}): SyncDoc {
  return { ...buildPaymentPart(line, { id: newId(), amount, paidOn: today }), ...extra }
}

function correction(paidTotal: number, extra: object = {}) {
  const splits = [
    { sellerId: ids.sanne, role: null, commissionType: 'sales', commissionPercentage: 60 },
    { sellerId: ids.cor, role: null, commissionType: 'sales', commissionPercentage: 40 },
  ]
  const fields = { saleDate: today, salePrice: 31_000_000, commissionPercentage: 3, splits }
  return { ...buildCorrection({ ...fields, paidTotal }), ...extra }
}

beforeAll(async () => {
  server = await startTestServer({ REGISTRATION: 'open' })
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Havenkwartier')
  const team = await addSellers(server, admin, { sanne: 'Sanne', cor: 'Cor', maria: 'Maria' })
  Object.assign(ids, team.ids)
  seller = await team.signIn('sanne', 'SELLER')
  manager = await team.signIn('maria', 'MANAGER')
  // A stranger registers in the platform organisation (REGISTRATION=open: active at once).
  stranger = await signInRegisteredStranger(server)
  // Another organisation: its owner (a sales ADMIN once launched) and its central ADMIN.
  otherOwner = await signInOtherOrganisationOwner(server)
  otherProjectId = await addProject(otherOwner, 'Elders')
  otherSellerId = (
    (await otherOwner.post('/api/gold-estates/sellers', { name: 'Bert' })).json as Seller
  ).id
  otherAdmin = await signInInvitedUser(server, {
    email: 'admin@b.example',
    role: 'ADMIN',
    org: 'org-b',
  })
})
afterAll(() => server?.close())

describe('an outsider without a session', () => {
  test('every deal route and every sales collection answers 401 and changes nothing', async () => {
    const sale = await registerSale()
    const [line] = await linesOf(sale.id)
    const part = await pay(admin, line!.id, 1_000)
    expect(part.status).toBe(201)
    const outsider = createClient(server.url)
    const forged = createClient(server.url)
    forged.cookies.set('gold_estates_session', 'a'.repeat(43))
    forged.cookies.set('centraal_session', 'b'.repeat(43))
    await expectNothingChanged(async () => {
      for (const client of [outsider, forged]) {
        expect((await patchSale(client, sale.id, correction(1_000))).status).toBe(401)
        const cancel = await client.post(`/api/gold-estates/sales/${sale.id}/cancel`, {
          reason: 'Weg ermee',
        })
        expectRefusal(cancel, 401, 'Niet ingelogd in Gold Estates')
        expect((await pay(client, line!.id, 1)).status).toBe(401)
        expect(
          (
            await client.request(
              'DELETE',
              `/api/gold-estates/commission-payments/${(part.json as PaymentPart).id}`,
            )
          ).status,
        ).toBe(401)
        expect(
          (
            await client.get(
              `/api/gold-estates/statements/${ids.sanne}?dateFrom=2020-01-01&dateTo=${today}`,
            )
          ).status,
        ).toBe(401)
        expect(
          (await client.get(`/api/gold-estates/statements?dateFrom=2020-01-01&dateTo=${today}`))
            .status,
        ).toBe(401)
        for (const collection of ['sales', 'commissions', 'commissionPayments']) {
          const pulled = await client.get(`/api/sync/v1/${collection}/pull?checkpoint=0`)
          expect(pulled.status).toBe(401)
          expect(pulled.text).not.toContain(sale.id)
        }
        const pushed = await pushRows(client, 'commissionPayments', [
          { newDocumentState: partDocument(line!, 1) },
        ])
        expect(pushed.status).toBe(401)
        const cancelPush = await pushRows(client, 'sales', [
          {
            newDocumentState: {
              ...sale,
              status: 'cancelled',
              cancelReason: 'Weg ermee',
              _deleted: false,
            },
          },
        ])
        expect(cancelPush.status).toBe(401)
      }
    })
  })
})

describe('a stranger who registered in the platform organisation', () => {
  test('their central session reaches nothing of Gold Estates', async () => {
    const sale = await registerSale()
    const [line] = await linesOf(sale.id)
    await expectNothingChanged(async () => {
      const launch = await stranger.post('/api/admin/launch-gold-estates')
      expect(launch.status).toBe(403)
      expect((await patchSale(stranger, sale.id, correction(0))).status).toBe(401)
      expect(
        (await stranger.post(`/api/gold-estates/sales/${sale.id}/cancel`, { reason: 'Weg ermee' }))
          .status,
      ).toBe(401)
      expect((await pay(stranger, line!.id, 1)).status).toBe(401)
      expect(
        (
          await stranger.get(
            `/api/gold-estates/statements/${ids.sanne}?dateFrom=2020-01-01&dateTo=${today}`,
          )
        ).status,
      ).toBe(401)
      for (const collection of ['sales', 'commissions', 'commissionPayments']) {
        expect((await stranger.get(`/api/sync/v1/${collection}/pull`)).status).toBe(401)
      }
      const pushed = await pushRows(stranger, 'commissionPayments', [
        { newDocumentState: partDocument(line!, 1) },
      ])
      expect(pushed.status).toBe(401)
      // The central collections they may read hold nothing of the deal.
      const activities = await stranger.get('/api/sync/v1/activities/pull?checkpoint=0')
      expect([200, 403]).toContain(activities.status)
      expect(activities.text).not.toContain(sale.id)
    })
  })
})

describe('a SELLER of Gold Estates', () => {
  test('may not correct, cancel, pay or undo through REST; nothing changes', async () => {
    const sale = await registerSale()
    const [own, colleague] = await linesOf(sale.id)
    const part = await pay(admin, colleague!.id, 5_000)
    const ownPart = await pay(admin, own!.id, 5_000)
    const fresh = await pulledSale(admin, sale.id)
    await expectNothingChanged(async () => {
      const corrected = await patchSale(seller, sale.id, correction(fresh.paidTotal))
      expectRefusal(corrected, 403, /sales\.correct/)
      expect(
        (await seller.post(`/api/gold-estates/sales/${sale.id}/cancel`, { reason: 'Mijn keuze' }))
          .status,
      ).toBe(403)
      expect((await pay(seller, own!.id, 1)).status).toBe(403)
      // The right is checked first: a colleague's line and a missing one answer the same.
      expect((await pay(seller, colleague!.id, 1)).status).toBe(403)
      expect((await pay(seller, 'ghost', 1)).status).toBe(403)
      for (const id of [(part.json as PaymentPart).id, (ownPart.json as PaymentPart).id, 'ghost']) {
        const undo = await seller.request('DELETE', `/api/gold-estates/commission-payments/${id}`)
        expect(undo.status).toBe(403)
      }
      const marked = await markLine(seller, own!.id, 'paid')
      expect(marked.status).toBe(403)
    })
  })

  test('may not book, undo or mark payments through replication; refusals are recorded', async () => {
    const sale = await registerSale()
    const [own, colleague] = await linesOf(sale.id)
    const colleaguePart = await pay(admin, colleague!.id, 7_000)
    const ownPart = await pay(admin, own!.id, 3_000)
    const refusalsBefore = Number(countRefusals())
    await expectNothingChanged(async () => {
      // A part on their own line, forged to name another sale and seller.
      const forged = partDocument(own!, 1, { saleId: 'other-sale', sellerId: ids.cor })
      const booked = await pushRows(seller, 'commissionPayments', [{ newDocumentState: forged }])
      expect(booked.status).toBe(200)
      expect((booked.json as Pushed).refused).toEqual([
        { id: forged.id, reason: expect.stringMatching(/sales\.commissions\.pay/) },
      ])
      // A part on a colleague's line: refused alike, the line is not even looked at.
      const onColleague = partDocument(colleague!, 1)
      const refused = await pushRows(seller, 'commissionPayments', [
        { newDocumentState: onColleague },
      ])
      expect((refused.json as Pushed).refused[0]?.reason).toMatch(/sales\.commissions\.pay/)
      expect(JSON.stringify(refused.json)).not.toContain((colleaguePart.json as PaymentPart).id)

      // Undoing their own part: refused, the stored part answered.
      const ownDoc = (await pullAll(seller, 'commissionPayments')).find(
        (doc) => doc.id === (ownPart.json as PaymentPart).id,
      )!
      const undo = await pushRows(seller, 'commissionPayments', [
        { newDocumentState: { ...ownDoc, _deleted: true }, assumedMasterState: ownDoc },
      ])
      expect((undo.json as Pushed).refused[0]?.reason).toMatch(/sales\.commissions\.pay/)
      expect((undo.json as Pushed).conflicts).toEqual([ownDoc])
      // The same undo without RxDB's bookkeeping (a part's delete is never judged a
      // conflict, decision 008): the right is checked all the same.
      const bareUndo = await pushRows(seller, 'commissionPayments', [
        { newDocumentState: { ...ownDoc, seq: 0, _deleted: true } },
      ])
      expect((bareUndo.json as Pushed).refused[0]?.reason).toMatch(/sales\.commissions\.pay/)
      // Undoing a colleague's part they cannot see: nothing happens, nothing is told.
      const hidden = await pushRows(seller, 'commissionPayments', [
        {
          newDocumentState: {
            ...partDocument(colleague!, 1),
            id: (colleaguePart.json as PaymentPart).id,
          },
        },
      ])
      expect(hidden.status).toBe(200)
      expect(JSON.stringify(hidden.json)).not.toContain('"amount":7000')
      const hiddenDelete = await pushRows(seller, 'commissionPayments', [
        {
          newDocumentState: {
            ...partDocument(colleague!, 7_000),
            id: (colleaguePart.json as PaymentPart).id,
            _deleted: true,
          },
        },
      ])
      expect(hiddenDelete.json).toEqual({ conflicts: [], refused: [] } satisfies Pushed)

      // Marking a line paid: their own refused, a colleague's unknown to them.
      const ownLine = (await pullAll(seller, 'commissions')).find((doc) => doc.id === own!.id)!
      const mark = await pushRows(seller, 'commissions', [
        { newDocumentState: { ...ownLine, status: 'paid' }, assumedMasterState: ownLine },
      ])
      expect((mark.json as Pushed).refused[0]?.reason).toMatch(/sales\.commissions\.pay/)
      const markColleague = await pushRows(seller, 'commissions', [
        { newDocumentState: { ...ownLine, id: colleague!.id, status: 'paid' } },
      ])
      expect((markColleague.json as Pushed).refused).toHaveLength(1)
      expect(JSON.stringify(markColleague.json)).not.toContain(`"sellerId":"${ids.cor}"`)
    })
    expect(Number(countRefusals())).toBeGreaterThan(refusalsBefore)
  })

  test('may not correct, cancel or reopen a sale through replication', async () => {
    const sale = await registerSale()
    const seen = await pulledSale(seller, sale.id)
    await expectNothingChanged(async () => {
      for (const change of [
        { salePrice: 1 },
        { status: 'cancelled', cancelReason: 'Mijn keuze' },
        { projectId: otherProjectId },
        { splits: [{ sellerId: ids.sanne, commissionType: 'sales', commissionPercentage: 100 }] },
      ]) {
        const answer = await pushRows(seller, 'sales', [
          { newDocumentState: { ...seen, ...change }, assumedMasterState: seen },
        ])
        expect(answer.status).toBe(200)
        expect((answer.json as Pushed).refused).toHaveLength(1)
        expect((answer.json as Pushed).conflicts).toEqual([seen])
      }
      // A delete is refused too.
      const deleted = await pushRows(seller, 'sales', [
        { newDocumentState: { ...seen, _deleted: true }, assumedMasterState: seen },
      ])
      expect((deleted.json as Pushed).refused[0]?.reason).toBe(
        'Een geregistreerde verkoop kan niet verwijderd worden',
      )
    })
  })

  test("cannot pay, settle or add a line by pushing a sale with other lines (the server's alone)", async () => {
    const sale = await registerSale()
    for (const client of [seller, admin]) {
      const seen = await pulledSale(client, sale.id)
      const lines = (seen as Sale & { lines: Line[] }).lines
      const forged = [
        ...lines.map((line) => ({ ...line, status: 'paid', paidAmount: line.commissionAmount })),
        { ...lines[0]!, id: newId(), commissionAmount: 99_999_999 },
      ]
      await expectNothingChanged(async () => {
        const answer = await pushRows(client, 'sales', [
          { newDocumentState: { ...seen, lines: forged }, assumedMasterState: seen },
        ])
        expect(answer.status).toBe(200)
        // Nothing a person may write changed: the device is handed the stored sale back.
        expect((answer.json as Pushed).refused).toEqual([])
        expect((answer.json as Pushed).conflicts).toEqual([seen])
      })
    }
  })

  test("cannot overwrite a sale they do not see by pushing it as a new one under that sale's id", async () => {
    const hidden = await registerSale([{ sellerId: ids.cor, percentage: 100 }])
    const payload = buildSalePayload({
      projectId,
      salePrice: 100,
      lines: [{ sellerId: ids.sanne, percentage: 100 }],
    })
    await expectNothingChanged(async () => {
      const answer = await pushRows(seller, 'sales', [
        { newDocumentState: { ...payload, id: hidden.id, _deleted: false } },
      ])
      expect(answer.status).toBe(200)
      expect((answer.json as Pushed).refused).toEqual([
        { id: hidden.id, reason: 'Deze verkoop bestaat al' },
      ])
      // The answer is the pushed id's tombstone, never the hidden sale.
      expect(JSON.stringify(answer.json)).not.toContain('30000000')
    })
  })

  test("pulls only their own lines and parts, and no colleague's share of a sale", async () => {
    const sale = await registerSale()
    const [own, colleague] = await linesOf(sale.id)
    expect((await pay(admin, colleague!.id, 11_111)).status).toBe(201)
    expect((await pay(admin, own!.id, 2_222)).status).toBe(201)
    // A correction stores the split (every seller's percentage) on the sale.
    const fresh = await pulledSale(admin, sale.id)
    expect((await patchSale(admin, sale.id, correction(fresh.paidTotal))).status).toBe(200)
    const hidden = await registerSale([{ sellerId: ids.cor, percentage: 100 }])

    const sales = await pullAll(seller, 'sales')
    expect(sales.map((doc) => doc.id)).toContain(sale.id)
    expect(sales.map((doc) => doc.id)).not.toContain(hidden.id)
    const mine = sales.find((doc) => doc.id === sale.id) as Sale
    // The split carries only the seller's own share; what was paid counts their lines only.
    expect(mine.splits).toEqual([
      { sellerId: ids.sanne, role: null, commissionType: 'sales', commissionPercentage: 60 },
    ])
    expect(mine.paidTotal).toBe(2_222)
    // The sale carries their own lines only (the correction's adjustment included), with
    // what was paid on them.
    const carried = (mine as Sale & { lines: Line[] }).lines
    expect(carried.length).toBeGreaterThan(0)
    expect(carried.every((line) => line.sellerId === ids.sanne)).toBe(true)
    expect(carried.reduce((sum, line) => sum + line.paidAmount, 0)).toBe(2_222)
    expect(JSON.stringify(sales)).not.toContain(ids.cor)

    const lines = await pullAll(seller, 'commissions')
    expect(lines.every((doc) => doc.sellerId === ids.sanne)).toBe(true)
    const parts = await pullAll(seller, 'commissionPayments')
    expect(parts.length).toBeGreaterThan(0)
    expect(parts.every((doc) => doc.sellerId === ids.sanne)).toBe(true)
    expect(parts.some((doc) => doc.amount === 11_111)).toBe(false)

    // The REST read the dashboards are built from says the same.
    const rest = await (
      await typedClient(server.url, seller.cookies)['gold-estates'].sales.$get()
    ).json()
    expect(rest.find((doc) => doc.id === sale.id)).toMatchObject({
      splits: mine.splits,
      paidTotal: 2_222,
    })
    expect(JSON.stringify(rest)).not.toContain(ids.cor)
  })

  test("downloads only their own statement; a colleague's or an unknown id is 403", async () => {
    const period = `dateFrom=2020-01-01&dateTo=${today}`
    expect((await seller.get(`/api/gold-estates/statements/${ids.sanne}?${period}`)).status).toBe(
      200,
    )
    for (const id of [ids.cor, ids.maria, otherSellerId, 'ghost']) {
      const answer = await seller.get(`/api/gold-estates/statements/${id}?${period}`)
      expectRefusal(answer, 403, 'Je mag alleen je eigen afrekening downloaden')
    }
    expect((await seller.get(`/api/gold-estates/statements?${period}`)).status).toBe(403)
  })
})

describe("another organisation's ADMIN", () => {
  test('their central session reaches nothing of Gold Estates; their sales ADMIN finds nothing here', async () => {
    const sale = await registerSale()
    const [line] = await linesOf(sale.id)
    const part = await pay(admin, line!.id, 1_000)
    const period = `dateFrom=2020-01-01&dateTo=${today}`
    const otherBefore = snapshot('org-b')
    await expectNothingChanged(async () => {
      expect((await otherAdmin.post('/api/admin/launch-gold-estates')).status).toBe(403)
      expect((await patchSale(otherAdmin, sale.id, correction(1_000))).status).toBe(401)
      expect((await pay(otherAdmin, line!.id, 1)).status).toBe(401)
      expect((await otherAdmin.get(`/api/sync/v1/sales/pull`)).status).toBe(401)

      const corrected = await patchSale(otherOwner, sale.id, correction(1_000))
      expectRefusal(corrected, 404, 'Verkoop niet gevonden')
      expect(
        (
          await otherOwner.post(`/api/gold-estates/sales/${sale.id}/cancel`, {
            reason: 'Weg ermee',
          })
        ).status,
      ).toBe(404)
      const paid = await pay(otherOwner, line!.id, 1)
      expectRefusal(paid, 404, 'Commissie niet gevonden')
      const undo = await otherOwner.request(
        'DELETE',
        `/api/gold-estates/commission-payments/${(part.json as PaymentPart).id}`,
      )
      expectRefusal(undo, 404, 'Betaling niet gevonden')
      const statement = await otherOwner.get(`/api/gold-estates/statements/${ids.sanne}?${period}`)
      expect(statement.status).toBe(404)

      // Replication: nothing of this organisation comes back, nothing is written here.
      for (const collection of ['sales', 'commissions', 'commissionPayments']) {
        const pulled = await otherOwner.get(`/api/sync/v1/${collection}/pull?checkpoint=0`)
        expect(pulled.status).toBe(200)
        expect(pulled.text).not.toContain(sale.id)
      }
      const booked = await pushRows(otherOwner, 'commissionPayments', [
        { newDocumentState: partDocument(line!, 1) },
      ])
      expect((booked.json as Pushed).refused[0]?.reason).toBe('Commissie niet gevonden')
      const undone = await pushRows(otherOwner, 'commissionPayments', [
        {
          newDocumentState: {
            ...partDocument(line!, 1_000),
            id: (part.json as PaymentPart).id,
            _deleted: true,
          },
        },
      ])
      expect(undone.json).toEqual({ conflicts: [], refused: [] } satisfies Pushed)
      const seen = await pulledSale(admin, sale.id)
      const cancel = { ...seen, status: 'cancelled', cancelReason: 'Weg ermee' }
      const cancelled = await pushRows(otherOwner, 'sales', [
        { newDocumentState: cancel, assumedMasterState: seen },
      ])
      // Unknown there, and not a new sale either (its device assumed a stored state): an
      // edit of a row out of reach, answered with their own copy as a tombstone, nothing
      // of the stored sale.
      expect(cancelled.json).toEqual({
        conflicts: [{ ...cancel, _deleted: true }],
        refused: [
          {
            id: sale.id,
            reason: 'Je hebt geen toegang meer tot dit item; de wijziging is niet verwerkt.',
          },
        ],
      } satisfies Pushed)
      // Naming this organisation's account is refused before anything is read.
      const named = await otherOwner.get('/api/sync/v1/sales/pull', {
        'x-centraal-account': `default-org/${'x'.repeat(8)}`,
      })
      expect(named.status).toBe(409)
    })
    // Their own organisation gained no sale, line or part from it either.
    const otherAfter = snapshot('org-b')
    expect(otherAfter.sales).toEqual(otherBefore.sales)
    expect(otherAfter.commissions).toEqual(otherBefore.commissions)
    expect(otherAfter.commission_payments).toEqual(otherBefore.commission_payments)
  })

  test("a correction naming another organisation's seller is refused", async () => {
    const sale = await registerSale()
    await expectNothingChanged(async () => {
      const answer = await patchSale(
        admin,
        sale.id,
        correction(0, {
          splits: [
            {
              sellerId: otherSellerId,
              role: null,
              commissionType: 'sales',
              commissionPercentage: 100,
            },
          ],
        }),
      )
      expectRefusal(answer, 400, 'splits.0.sellerId: Verkoper bestaat niet in deze organisatie')
    })
  })
})

describe('a MANAGER reaching past their rights', () => {
  test('may not manage the catalogue, the settings or sign-ins, by REST or replication', async () => {
    await expectNothingChanged(async () => {
      expect((await manager.post('/api/gold-estates/projects', { name: 'Eigen' })).status).toBe(403)
      expect((await manager.post('/api/gold-estates/sellers', { name: 'Eigen' })).status).toBe(403)
      expect(
        (await manager.post(`/api/gold-estates/sellers/${ids.maria}/login`, { role: 'ADMIN' }))
          .status,
      ).toBe(403)
      expect(
        (await manager.request('PATCH', '/api/gold-estates/settings', { paymentTermDays: 0 }))
          .status,
      ).toBe(403)
      expect((await manager.get('/api/gold-estates/sync-refusals?scope=organisation')).status).toBe(
        403,
      )
      const sellers = await pullAll(manager, 'sellers')
      const maria = sellers.find((doc) => doc.id === ids.maria)!
      const promoted = await pushRows(manager, 'sellers', [
        { newDocumentState: { ...maria, role: 'Directeur' }, assumedMasterState: maria },
      ])
      expect((promoted.json as Pushed).refused[0]?.reason).toMatch(/sales\.catalog\.write/)
      const project = await pushRows(manager, 'projects', [
        { newDocumentState: { id: newId(), name: 'Eigen', status: 'active', _deleted: false } },
      ])
      expect((project.json as Pushed).refused[0]?.reason).toMatch(/sales\.catalog\.write/)
    })
  })

  test('may not delete a sale, a commission line, or edit a payment part', async () => {
    const sale = await registerSale()
    const [line] = await linesOf(sale.id)
    const part = await pay(manager, line!.id, 1_000)
    expect(part.status).toBe(201)
    const seenSale = await pulledSale(manager, sale.id)
    const seenLine = (await pullAll(manager, 'commissions')).find((doc) => doc.id === line!.id)!
    const seenPart = (await pullAll(manager, 'commissionPayments')).find(
      (doc) => doc.id === (part.json as PaymentPart).id,
    )!
    await expectNothingChanged(async () => {
      const saleDelete = await pushRows(manager, 'sales', [
        { newDocumentState: { ...seenSale, _deleted: true }, assumedMasterState: seenSale },
      ])
      expect((saleDelete.json as Pushed).refused[0]?.reason).toBe(
        'Een geregistreerde verkoop kan niet verwijderd worden',
      )
      const lineDelete = await pushRows(manager, 'commissions', [
        { newDocumentState: { ...seenLine, _deleted: true }, assumedMasterState: seenLine },
      ])
      expect((lineDelete.json as Pushed).refused[0]?.reason).toBe(
        'Een commissie kan niet verwijderd worden',
      )
      const lineCreate = await pushRows(manager, 'commissions', [
        { newDocumentState: { ...seenLine, id: newId(), commissionAmount: 1_000_000 } },
      ])
      expect((lineCreate.json as Pushed).refused[0]?.reason).toBe(
        'Commissies ontstaan bij het registreren van een verkoop',
      )
      // A line's amount is not writable: pushing it is a replay that writes nothing.
      const lineAmount = await pushRows(manager, 'commissions', [
        {
          newDocumentState: { ...seenLine, commissionAmount: 99_999_999, paidAmount: 0 },
          assumedMasterState: seenLine,
        },
      ])
      expect((lineAmount.json as Pushed).refused).toEqual([])
      expect((lineAmount.json as Pushed).conflicts).toEqual([seenLine])
      for (const change of [{ amount: 999_999 }, { commissionId: 'other' }, { note: 'x' }]) {
        const edited = await pushRows(manager, 'commissionPayments', [
          { newDocumentState: { ...seenPart, ...change }, assumedMasterState: seenPart },
        ])
        expect((edited.json as Pushed).refused[0]?.reason).toBe(
          'Een betaling kun je ongedaan maken, niet wijzigen',
        )
      }
    })
  })

  test('server fields of a sale (seq, createdBy, paidTotal, amounts) are never taken from a push', async () => {
    const sale = await registerSale()
    const seen = await pulledSale(manager, sale.id)
    await expectNothingChanged(async () => {
      const forged = {
        ...seen,
        seq: 999_999,
        createdBy: 'someone-else',
        paidTotal: 123,
        commissionAmount: 1,
        createdAt: 1,
      }
      const answer = await pushRows(manager, 'sales', [
        { newDocumentState: forged, assumedMasterState: seen },
      ])
      expect((answer.json as Pushed).refused).toEqual([])
      // A replay: nothing written, the stored sale answered so the device takes it back.
      expect((answer.json as Pushed).conflicts).toEqual([seen])
    })
    await expectNothingChanged(async () => {
      const moved = await pushRows(manager, 'sales', [
        { newDocumentState: { ...seen, projectId: otherProjectId }, assumedMasterState: seen },
      ])
      expect((moved.json as Pushed).refused[0]?.reason).toBe(
        'Het project van een geregistreerde verkoop kan niet gewijzigd worden',
      )
      expect((moved.json as Pushed).conflicts).toEqual([seen])
    })
    // Extra fields of a REST correction are dropped; every amount is the server's.
    const corrected = await patchSale(
      manager,
      sale.id,
      correction(0, {
        status: 'cancelled',
        projectId: otherProjectId,
        createdBy: 'someone-else',
        commissionAmount: 1,
        paidTotal: 0,
        seq: 1,
        splits: [
          {
            sellerId: ids.sanne,
            role: null,
            commissionType: 'sales',
            commissionPercentage: 100,
            commissionAmount: 1,
            kind: 'clawback',
          },
        ],
      }),
    )
    expect(corrected.status).toBe(200)
    expect(corrected.json).toMatchObject({
      status: 'completed',
      projectId,
      createdBy: seen.createdBy as string | null,
      commissionAmount: 930_000,
      splits: [
        { sellerId: ids.sanne, role: null, commissionType: 'sales', commissionPercentage: 100 },
      ],
    } satisfies PartOf<Corrected>)
    expect((corrected.json as Corrected).seq).toBeGreaterThan(seen.seq)
    expect((await linesOf(sale.id)).map((line) => [line.kind, line.commissionAmount])).toEqual([
      ['commission', 930_000],
    ])
  })

  test('a correction carries the paid total its author saw: a stale or forged one is refused', async () => {
    const sale = await registerSale()
    const seen = await pulledSale(manager, sale.id)
    const [line] = await linesOf(sale.id)
    expect((await pay(admin, line!.id, 100_000)).status).toBe(201)
    await expectNothingChanged(async () => {
      for (const paidTotal of [0, 99_999, 100_001, -100_000, 1e15]) {
        const answer = await patchSale(manager, sale.id, correction(paidTotal))
        expectRefusal(answer, 409, /intussen een betaling/)
      }
      expect((await patchSale(manager, sale.id, correction(100_000.5))).status).toBe(400)
      // Pushed from a device that had not seen the payment: its own paidTotal is stale.
      const stale = await pushRows(manager, 'sales', [
        { newDocumentState: { ...seen, salePrice: 1 }, assumedMasterState: seen },
      ])
      expect((stale.json as Pushed).refused).toEqual([
        { id: sale.id, reason: expect.stringMatching(/intussen een betaling/) },
      ])
      expect((stale.json as Pushed).conflicts).toEqual([await pulledSale(manager, sale.id)])
    })
    // A device that writes the paid total as it is now (as any device does once it has
    // pulled) has its correction taken; paid money is still never rewritten: the paid line
    // keeps its amount and each difference is an adjustment.
    const forged = await pushRows(manager, 'sales', [
      {
        newDocumentState: { ...seen, salePrice: 20_000_000, paidTotal: 100_000 },
        assumedMasterState: seen,
      },
    ])
    expect((forged.json as Pushed).refused).toEqual([])
    const lines = await linesOf(sale.id)
    expect(lines.find((item) => item.id === line!.id)).toMatchObject({
      commissionAmount: line!.commissionAmount,
      paidAmount: 100_000,
      status: 'pending',
    })
    expect(lines.filter((item) => item.kind === 'adjustment')).toHaveLength(2)
    expect((await pulledSale(manager, sale.id)).paidTotal).toBe(100_000)
  })

  test('a correction with 0 or 51 splits, an unknown seller, bad percentages or bad amounts is refused', async () => {
    const sale = await registerSale()
    const split = (extra: object = {}) => ({
      sellerId: ids.sanne,
      role: null,
      commissionType: 'sales',
      commissionPercentage: 2,
      ...extra,
    })
    const cases: [object, RegExp][] = [
      [{ splits: [] }, /^splits: Minstens één commissieregel/],
      [{ splits: Array.from({ length: 51 }, () => split()) }, /^splits: /],
      [{ splits: [split({ sellerId: 'ghost' })] }, /^splits\.0\.sellerId: Verkoper bestaat niet/],
      [{ splits: [split({ sellerId: '' })] }, /^splits\.0\.sellerId: /],
      [{ splits: [split({ commissionPercentage: 100.01 })] }, /tussen 0 en 100/],
      [{ splits: [split({ commissionPercentage: -1 })] }, /tussen 0 en 100/],
      [{ splits: [split({ commissionType: 'bonus' })] }, /^splits\.0\.commissionType: /],
      [{ commissionPercentage: 101 }, /tussen 0 en 100/],
      [{ discountPercentage: 1e9 }, /tussen 0 en 100/],
      [{ salePrice: -1 }, /negatief/],
      [{ salePrice: 1.5 }, /hele centen/],
      [{ salePrice: 1e14 }, /te groot/],
      [{ salePrice: '100' }, /getal/],
      [{ totalCosts: -5 }, /negatief/],
      [{ saleDate: '2026-02-30' }, /JJJJ-MM-DD/],
      [{ clientName: '   ' }, /Klantnaam is verplicht/],
      [{ clientName: 'x'.repeat(201) }, /^clientName: /],
      [{ paidTotal: undefined }, /^paidTotal: /],
    ]
    await expectNothingChanged(async () => {
      for (const [extra, message] of cases) {
        const answer = await patchSale(manager, sale.id, correction(0, extra))
        expect(answer.status, JSON.stringify(extra).slice(0, 80)).toBe(400)
        expect((answer.json as ErrorAnswer).message).toMatch(message)
      }
      // The same through replication: refused with the reason, recorded.
      const seen = await pulledSale(manager, sale.id)
      for (const [extra] of cases.slice(0, 8)) {
        const answer = await pushRows(manager, 'sales', [
          { newDocumentState: { ...seen, ...extra }, assumedMasterState: seen },
        ])
        expect((answer.json as Pushed).refused, JSON.stringify(extra).slice(0, 80)).toHaveLength(1)
        expect((answer.json as Pushed).conflicts).toEqual([seen])
      }
      // An id that is no sale.
      expect((await patchSale(manager, 'ghost', correction(0))).status).toBe(404)
      expect((await patchSale(manager, 'x'.repeat(65), correction(0))).status).toBe(400)
    })
    // 50 splits is the most, and each may be up to 100 %: the server computes every amount.
    const fifty = await patchSale(
      manager,
      sale.id,
      correction(0, { splits: Array.from({ length: 50 }, () => split()) }),
    )
    expect(fifty.status).toBe(200)
    const lines = await linesOf(sale.id)
    expect(lines).toHaveLength(50)
    expect(lines.reduce((sum, line) => sum + line.commissionAmount, 0)).toBe(930_000)
  })

  test('a payment part of a negative, fractional, zero, huge or non-numeric amount is refused', async () => {
    const sale = await registerSale()
    const [line] = await linesOf(sale.id)
    const amounts: unknown[] = [-1, 0, 0.5, 12.34, 1e13 + 1, 1e300, '100', null, true, [1], {}]
    await expectNothingChanged(async () => {
      for (const amount of amounts) {
        const answer = await pay(manager, line!.id, amount)
        expect(answer.status, String(amount)).toBe(400)
        expect((answer.json as ErrorAnswer).message).toMatch(/^amount: /)
      }
      // More than is open, even by a cent; within the schema's bounds.
      const tooMuch = await pay(manager, line!.id, line!.commissionAmount + 1)
      expectRefusal(tooMuch, 400, /hoger dan wat op deze regel nog openstaat/)
      expect((await pay(manager, line!.id, 1e13)).status).toBe(400)
      for (const extra of [
        { paidOn: '2026-02-30' },
        { paidOn: 'gisteren' },
        { paidOn: null },
        { note: 'x'.repeat(501) },
      ]) {
        expect((await pay(manager, line!.id, 1, extra)).status).toBe(400)
      }
      const pushed = await pushRows(
        manager,
        'commissionPayments',
        [...amounts, line!.commissionAmount + 1].map((amount) => ({
          newDocumentState: partDocument(line!, amount),
        })),
      )
      expect(pushed.status).toBe(200)
      expect((pushed.json as Pushed).refused).toHaveLength(amounts.length + 1)
      // Each refused create is answered with its tombstone, so the device drops it.
      expect((pushed.json as Pushed).conflicts.every((doc) => doc._deleted)).toBe(true)
    })
  })

  test('a pushed part takes its sale and seller from its line, whatever the document says', async () => {
    const sale = await registerSale()
    const other = await registerSale()
    const [line] = await linesOf(sale.id)
    const forged = partDocument(line!, 4_321, {
      saleId: other.id,
      sellerId: ids.maria,
      createdBy: 'someone-else',
      createdAt: 1,
      seq: 77,
      organizationId: 'org-b',
    })
    const answer = await pushRows(manager, 'commissionPayments', [{ newDocumentState: forged }])
    expect((answer.json as Pushed).refused).toEqual([])
    const stored = (await pullAll(manager, 'commissionPayments')).find(
      (doc) => doc.id === forged.id,
    )
    expect(stored).toMatchObject({ saleId: sale.id, sellerId: ids.sanne, amount: 4_321 })
    expect(stored?.createdBy).not.toBe('someone-else')
    expect(stored?.seq).not.toBe(77)
    expect((await pulledSale(admin, other.id)).paidTotal).toBe(0)
    expect((await pulledSale(admin, sale.id)).paidTotal).toBe(4_321)
    // The same id again with other fields: not a second part.
    const again = await pushRows(manager, 'commissionPayments', [
      { newDocumentState: { ...forged, amount: 9_999 } },
    ])
    expect((again.json as Pushed).refused).toEqual([])
    expect((await linesOf(sale.id))[0]?.paidAmount).toBe(4_321)
    // A part on a line of another organisation's sale is not found here.
    const otherLines = await (
      await typedClient(server.url, otherOwner.cookies)['gold-estates'].commissions.$get()
    ).json()
    expect(otherLines).toEqual([])
  })

  test('a cancelled sale cannot be reopened, corrected or paid; its lines keep their parts', async () => {
    const sale = await registerSale()
    const [paidLine, openLine] = await linesOf(sale.id)
    const part = await pay(manager, paidLine!.id, 50_000)
    expect(
      (
        await manager.post(`/api/gold-estates/sales/${sale.id}/cancel`, {
          reason: 'Geen hypotheek',
        })
      ).status,
    ).toBe(200)
    const cancelled = await pulledSale(manager, sale.id)
    const clawback = (await linesOf(sale.id)).find((line) => line.kind === 'clawback')!
    expect(clawback).toMatchObject({ commissionAmount: -50_000, sellerId: ids.sanne })
    await expectNothingChanged(async () => {
      for (const change of [
        { status: 'completed' },
        { status: 'completed', cancelReason: null },
        { cancelReason: 'Toch niet' },
        { status: 'cancelled', cancelReason: 'Nog eens geannuleerd' },
        { salePrice: 1 },
        { status: 'open' },
      ]) {
        const answer = await pushRows(manager, 'sales', [
          { newDocumentState: { ...cancelled, ...change }, assumedMasterState: cancelled },
        ])
        expect((answer.json as Pushed).refused, JSON.stringify(change)).toHaveLength(1)
        expect((answer.json as Pushed).conflicts).toEqual([cancelled])
      }
      const reopened = await patchSale(manager, sale.id, correction(cancelled.paidTotal))
      expectRefusal(reopened, 409, 'Deze verkoop is geannuleerd')
      expect(
        (await manager.post(`/api/gold-estates/sales/${sale.id}/cancel`, { reason: 'Nog eens' }))
          .status,
      ).toBe(409)
      // Parts of a cancelled line stay (the clawback claims them); no part on it.
      const undo = await manager.request(
        'DELETE',
        `/api/gold-estates/commission-payments/${(part.json as PaymentPart).id}`,
      )
      expectRefusal(undo, 409, 'Deze commissie hoort bij een geannuleerde verkoop')
      const seenPart = (await pullAll(manager, 'commissionPayments')).find(
        (doc) => doc.id === (part.json as PaymentPart).id,
      )!
      const undoPush = await pushRows(manager, 'commissionPayments', [
        { newDocumentState: { ...seenPart, _deleted: true }, assumedMasterState: seenPart },
      ])
      expect((undoPush.json as Pushed).refused[0]?.reason).toBe(
        'Deze commissie hoort bij een geannuleerde verkoop',
      )
      expect((undoPush.json as Pushed).conflicts).toEqual([seenPart])
      for (const lineId of [paidLine!.id, openLine!.id]) {
        expect((await pay(manager, lineId, 1)).status).toBe(409)
        const marked = await markLine(manager, lineId, 'pending')
        expect(marked.status).toBe(409)
      }
      const pushed = await pushRows(manager, 'commissionPayments', [
        { newDocumentState: partDocument(openLine!, 1) },
      ])
      expect((pushed.json as Pushed).refused[0]?.reason).toBe(
        'Deze commissie hoort bij een geannuleerde verkoop',
      )
      // A clawback is settled by what the seller pays back, never more.
      expect((await pay(manager, clawback.id, 50_001)).status).toBe(400)
    })
    // A part booked on the clawback by mistake may be undone; it leaves the sale's paid
    // total alone (a clawback is money back, not commission paid).
    const back = await pay(manager, clawback.id, 20_000)
    expect(back.status).toBe(201)
    expect(
      (
        await manager.request(
          'DELETE',
          `/api/gold-estates/commission-payments/${(back.json as PaymentPart).id}`,
        )
      ).status,
    ).toBe(200)
    expect((await linesOf(sale.id)).find((line) => line.id === clawback.id)).toMatchObject({
      paidAmount: 0,
      status: 'pending',
    })
    expect((await pulledSale(manager, sale.id)).paidTotal).toBe(cancelled.paidTotal)
  })

  test('two cancellations at once: one is taken, the other is 409, one clawback', async () => {
    const sale = await registerSale()
    const [line] = await linesOf(sale.id)
    expect((await pay(manager, line!.id, 10_000)).status).toBe(201)
    const seen = await pulledSale(admin, sale.id)
    const answers = await Promise.all([
      manager.post(`/api/gold-estates/sales/${sale.id}/cancel`, { reason: 'Eerste reden' }),
      admin.post(`/api/gold-estates/sales/${sale.id}/cancel`, { reason: 'Tweede reden' }),
      pushRows(admin, 'sales', [
        {
          newDocumentState: { ...seen, status: 'cancelled', cancelReason: 'Derde reden' },
          assumedMasterState: seen,
        },
      ]),
      pay(manager, line!.id, 5_000),
      manager.post(`/api/gold-estates/sales/${sale.id}/cancel`, { reason: 'Vierde reden' }),
    ])
    const stored = await pulledSale(admin, sale.id)
    expect(stored.status).toBe('cancelled')
    const reasons = ['Eerste reden', 'Tweede reden', 'Derde reden', '', 'Vierde reden']
    const winner = reasons.indexOf(String(stored.cancelReason))
    expect(winner).toBeGreaterThanOrEqual(0)
    // Every other cancellation was told the sale was cancelled already.
    for (const index of [0, 1, 4]) {
      const answer = answers[index]!
      if (index === winner) expect(answer.status).toBe(200)
      else {
        expectRefusal(answer, 409, 'Deze verkoop is al geannuleerd')
      }
    }
    if (winner !== 2)
      expect((answers[2].json as Pushed).conflicts[0]).toMatchObject({ status: 'cancelled' })
    const lines = await linesOf(sale.id)
    const clawbacks = lines.filter((item) => item.kind === 'clawback')
    expect(clawbacks).toHaveLength(1)
    // The clawback claims exactly what was paid before the cancellation took effect.
    const paidOnLine = lines.find((item) => item.id === line!.id)!.paidAmount
    expect(clawbacks[0]?.commissionAmount).toBe(-paidOnLine)
    const db = new Database(path.join(server.dataDir, 'orgs', 'default-org.sqlite'), {
      readonly: true,
    })
    const logged = db
      .prepare(
        "select count(*) from activities where action = 'Verkoop geannuleerd' and metadata like ?",
      )
      .pluck()
      .get(`%${sale.id}%`)
    db.close()
    expect(logged).toBe(1)
  })

  test('an Idempotency-Key of another person answers 409 and repeats nothing', async () => {
    const sale = await registerSale()
    const [line] = await linesOf(sale.id)
    const key = { 'idempotency-key': 'deal-attack-key-1' }
    const first = await admin.post(
      `/api/gold-estates/commissions/${line!.id}/payments`,
      { amount: 1_000, paidOn: today, note: null },
      key,
    )
    expect(first.status).toBe(201)
    await expectNothingChanged(async () => {
      const replayed = await manager.post(
        `/api/gold-estates/commissions/${line!.id}/payments`,
        { amount: 1_000, paidOn: today, note: null },
        key,
      )
      expectRefusal(replayed, 409, 'Deze Idempotency-Key is al gebruikt voor een ander verzoek')
      const again = await admin.post(
        `/api/gold-estates/commissions/${line!.id}/payments`,
        { amount: 1_000, paidOn: today, note: null },
        key,
      )
      expect(again.status).toBe(201)
      expect(again.json).toEqual(first.json)
    })
  })

  test('statements: any seller of this organisation, none of another; bad periods are 400', async () => {
    const base = `/api/gold-estates/statements/${ids.cor}`
    expect((await manager.get(`${base}?dateFrom=0001-01-01&dateTo=9999-12-31`)).status).toBe(200)
    expect(
      (await manager.get('/api/gold-estates/statements?dateFrom=0001-01-01&dateTo=9999-12-31'))
        .status,
    ).toBe(200)
    const foreign = await manager.get(
      `/api/gold-estates/statements/${otherSellerId}?dateFrom=2020-01-01&dateTo=${today}`,
    )
    expect(foreign.status).toBe(404)
    for (const query of [
      'dateFrom=2026-02-30&dateTo=2026-03-01',
      'dateFrom=2026-1-1&dateTo=2026-03-01',
      'dateFrom=20260101&dateTo=20260301',
      'dateFrom=2026-03-01&dateTo=2026-02-01',
      'dateFrom=2026-01-01T00:00:00Z&dateTo=2026-03-01',
      'dateFrom=2026-01-01',
      'dateFrom[]=2026-01-01&dateTo=2026-03-01',
      '',
    ]) {
      const answer = await manager.get(`${base}?${query}`)
      expect(answer.status, query).toBe(400)
    }
    expect(
      (
        await manager.get(
          `/api/gold-estates/statements/${'x'.repeat(65)}?dateFrom=2026-01-01&dateTo=2026-02-01`,
        )
      ).status,
    ).toBe(400)
  })
})

describe('large bodies', () => {
  test('the largest pushes (500 rows, 1 MiB) are written whole; above 1 MiB is 413', async () => {
    // 500 new sales in one push, the most rows a push may hold.
    const created = Array.from({ length: 500 }, (_, index) => ({
      newDocumentState: {
        ...buildSalePayload({
          projectId,
          clientName: `Bulk ${index}`,
          salePrice: 30_000_000,
          commissionPercentage: 3,
          lines: [{ sellerId: ids.cor, percentage: 100 }],
        }),
        id: newId(),
        _deleted: false,
      },
    }))
    const creates = await pushRows(manager, 'sales', created)
    expect(creates.status).toBe(200)
    expect((creates.json as Pushed).refused).toEqual([])

    // 500 parts of one cent on one line.
    const sale = await registerSale()
    const [line] = await linesOf(sale.id)
    const parts = await pushRows(
      manager,
      'commissionPayments',
      Array.from({ length: 500 }, () => ({ newDocumentState: partDocument(line!, 1) })),
    )
    expect(parts.status).toBe(200)
    expect((parts.json as Pushed).refused).toEqual([])
    expect((await linesOf(sale.id))[0]?.paidAmount).toBe(500)

    // As many corrections of 50 splits each as fit in 1 MiB, each on its own sale.
    const wanted = new Set(created.map((row) => row.newDocumentState.id))
    const stored = (await pullAll(manager, 'sales')).filter((doc) => wanted.has(doc.id))
    const split = {
      sellerId: ids.sanne,
      role: null,
      commissionType: 'sales',
      commissionPercentage: 2,
    }
    const rows: { newDocumentState: SyncDoc; assumedMasterState: SyncDoc }[] = []
    let size = 20
    for (const doc of stored) {
      const row = {
        newDocumentState: { ...doc, splits: Array.from({ length: 50 }, () => split) },
        assumedMasterState: doc,
      }
      size += JSON.stringify(row).length + 1
      if (size > 1024 * 1024 - 1024) break
      rows.push(row)
    }
    expect(rows.length).toBeGreaterThan(100)
    const corrections = await pushRows(manager, 'sales', rows)
    expect(corrections.status).toBe(200)
    expect((corrections.json as Pushed).refused).toEqual([])

    // A deeply nested document (a correction's splits): refused as bad input, never a
    // server error, nothing written or recorded.
    const seen = await pulledSale(manager, sale.id)
    const depth = 200_000
    const nested = `{"rows":[{"newDocumentState":{"id":"${sale.id}","_deleted":false,"seq":${seen.seq},"splits":${'['.repeat(depth)}${']'.repeat(depth)}}}]}`
    const refusals = countRefusals()
    const deep = await manager.request('POST', '/api/sync/v1/sales/push', nested)
    // An outsider's body is parsed and checked too (validation comes before the session,
    // as on every route): the same 400, which tells nothing of the organisation.
    const outsiderDeep = await createClient(server.url).request(
      'POST',
      '/api/sync/v1/sales/push',
      nested,
    )
    expect(outsiderDeep.status).toBe(400)
    expectRefusal(deep, 400, 'rows.0.newDocumentState: Document is te diep genest')
    expect(await pulledSale(manager, sale.id)).toEqual(seen)
    expect(countRefusals()).toBe(refusals)

    // Above the limit: 413 before anything is parsed (last: the server closes that socket).
    const big = 'x'.repeat(1024 * 1024 + 1)
    const tooLarge = await manager.post('/api/sync/v1/sales/push', { rows: [], padding: big })
    expect(tooLarge.status).toBe(413)
  }, 60_000)
})
