import { format } from 'date-fns/format'
import { unzipSync } from 'fflate'
import type { InferResponseType } from 'hono/client'
import { extractText } from 'unpdf'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  addSellers,
  signInFirstSuperadmin,
  signInOtherOrganisationOwner,
} from '../support/accounts.ts'
import type { Project } from '../support/answers.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, createClient } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type TypedApi, typedClient } from '../support/typed-client.ts'

type Sale = InferResponseType<TypedApi['gold-estates']['sales']['$post'], 201>

// Payout statements (docs/behaviour.md, The life of a deal): a seller's payments, corrections and clawbacks of
// a period as a PDF, read back here as text; everyone's as a zip. The deal's life (parts,
// a correction, a cancellation) is made through its REST routes, as the screens do.

let server: TestServer
let admin: Client
let seller: Client
let manager: Client
const ids = { sanne: '', cor: '', iris: '' }
const today = format(new Date(), 'yyyy-MM-dd')
const SINCE_FEBRUARY = `dateFrom=2026-02-01&dateTo=${today}`
const FEBRUARY = 'dateFrom=2026-02-01&dateTo=2026-02-28'
const ORGANISATION = 'Makelaardij Zoë & Co'

/** A binary download with the client's session: status, headers and the bytes. */
async function download(client: Client, path: string) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} })
  return { status: response.status, headers: response.headers, body: await response.bytes() }
}

/** The text of a PDF, with runs of white space (Intl's no-break space too) as one space. */
async function readPdf(bytes: Uint8Array) {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

async function pay(commissionId: string, amount: number, paidOn: string) {
  const part = await admin.post(`/api/gold-estates/commissions/${commissionId}/payments`, {
    amount,
    paidOn,
    note: null,
  })
  expect(part.status).toBe(201)
}

type Line = { id: string; saleId: string; sellerId: string; kind: string }
const lines = async () =>
  await (await typedClient(server.url, admin.cookies)['gold-estates'].commissions.$get()).json()

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadmin(server)
  expect((await admin.request('PATCH', '/api/organisation', { name: ORGANISATION })).status).toBe(
    200,
  )
  expect((await admin.post('/api/admin/launch-gold-estates')).status).toBe(200)
  const project: Project = (
    await admin.post('/api/gold-estates/projects', { name: 'Havenkwartier' })
  ).json
  const team = await addSellers(server, admin, {
    sanne: 'Sanne Setter',
    cor: 'Cor Closer',
    iris: 'Iris Manager',
  })
  Object.assign(ids, team.ids)
  seller = await team.signIn('sanne', 'SELLER')
  manager = await team.signIn('iris', 'MANAGER')

  // Sale A: Sanne and Cor half each of 8.000,00; sale B: Sanne alone, 6.000,00.
  const saleA: Sale = (
    await admin.post(
      '/api/gold-estates/sales',
      buildSalePayload({
        projectId: project.id,
        clientName: 'Familie Jansen',
        propertyNumber: 'A-1',
        salePrice: 40_000_000,
        commissionPercentage: 2,
        saleDate: '2026-01-10',
        lines: [
          { sellerId: ids.sanne, percentage: 50 },
          { sellerId: ids.cor, percentage: 50 },
        ],
      }),
    )
  ).json
  const saleBPayload = buildSalePayload({
    projectId: project.id,
    clientName: 'Pietersen',
    propertyNumber: 'B-7',
    salePrice: 30_000_000,
    commissionPercentage: 2,
    saleDate: '2026-01-15',
    lines: [{ sellerId: ids.sanne, percentage: 100 }],
  })
  const saleB: Sale = (await admin.post('/api/gold-estates/sales', saleBPayload)).json
  const lineOf = (all: readonly Line[], saleId: string, sellerId: string) =>
    all.find((line) => line.saleId === saleId && line.sellerId === sellerId)!.id
  const first = await lines()
  await pay(lineOf(first, saleA.id, ids.sanne), 150_000, '2026-02-03')
  await pay(lineOf(first, saleA.id, ids.sanne), 250_000, '2026-02-20')
  await pay(lineOf(first, saleA.id, ids.cor), 400_000, '2026-02-10')
  await pay(lineOf(first, saleB.id, ids.sanne), 600_000, '2026-03-01')

  // Sale B's price goes up after payment: Sanne gets a correction of +1.000,00.
  const { commissions, commissionAmount: _, ...fields } = saleBPayload
  const corrected = await admin.request('PATCH', `/api/gold-estates/sales/${saleB.id}`, {
    ...fields,
    salePrice: 35_000_000,
    splits: commissions.map(({ commissionAmount: _amount, ...split }) => split),
    paidTotal: 600_000,
  })
  expect(corrected.status).toBe(200)
  // Sale A falls through: each paid line is owed back (a clawback of -4.000,00 each).
  const cancelled = await admin.post(`/api/gold-estates/sales/${saleA.id}/cancel`, {
    reason: 'Financiering rond niet',
  })
  expect(cancelled.status).toBe(200)
  const after = await lines()
  const ofKind = (kind: string, sellerId: string) =>
    after.find((line) => line.kind === kind && line.sellerId === sellerId)!.id
  await pay(ofKind('clawback', ids.sanne), 100_000, today)
  await pay(ofKind('adjustment', ids.sanne), 40_000, today)
})
afterAll(() => server?.close())

describe('a statement', () => {
  test("holds the period's payments, the open corrections and clawbacks, and the totals", async () => {
    const response = await download(
      seller,
      `/api/gold-estates/statements/${ids.sanne}?${SINCE_FEBRUARY}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="afrekening-sanne-setter-2026-02-01-${today}.pdf"`,
    )
    const text = await readPdf(response.body)
    for (const expected of [
      'Makelaardij Zoë & Co',
      'Afrekening',
      'Verkoper: Sanne Setter',
      'Periode: 01 feb. 2026 t/m',
      // The parts, each with its sale, project, property and kind.
      '03 feb. 2026 Familie Jansen Havenkwartier A-1 Commissie € 1.500,00',
      '20 feb. 2026 Familie Jansen Havenkwartier A-1 Commissie € 2.500,00',
      '01 mrt. 2026 Pietersen Havenkwartier B-7 Commissie € 6.000,00',
      'Familie Jansen Havenkwartier A-1 Terugvordering € -1.000,00',
      'Pietersen Havenkwartier B-7 Correctie € 400,00',
      'Openstaande correcties en terugvorderingen',
      'Familie Jansen Havenkwartier A-1 Terugvordering € -3.000,00',
      'Pietersen Havenkwartier B-7 Correctie € 600,00',
      'Betaalde commissie € 10.000,00',
      'Correcties € 400,00',
      'Terugvorderingen ontvangen € -1.000,00',
      'Netto in deze periode € 9.400,00',
      'Nog openstaand (correcties en terugvorderingen) € -2.400,00',
    ]) {
      expect(text).toContain(expected)
    }
    expect(text).not.toContain('Cor Closer')
  })

  test('of another period holds only what was paid in it', async () => {
    const response = await download(admin, `/api/gold-estates/statements/${ids.sanne}?${FEBRUARY}`)
    expect(response.status).toBe(200)
    const text = await readPdf(response.body)
    expect(text).toContain('Betaalde commissie € 4.000,00')
    expect(text).toContain('Netto in deze periode € 4.000,00')
    expect(text).toContain('Geen openstaande correcties of terugvorderingen.')
    expect(text).not.toContain('Pietersen')
  })

  test('refuses a missing, malformed or reversed period', async () => {
    const base = `/api/gold-estates/statements/${ids.sanne}`
    const missing = await admin.get(`${base}?dateFrom=2026-02-01`)
    expectRefusal(missing, 400, /^dateTo: /)
    const malformed = await admin.get(`${base}?dateFrom=2026-13-01&dateTo=2026-12-31`)
    expectRefusal(malformed, 400, 'dateFrom: Datum moet de vorm JJJJ-MM-DD hebben')
    const reversed = await admin.get(`${base}?dateFrom=2026-03-01&dateTo=2026-02-01`)
    expectRefusal(reversed, 400, 'dateTo: De einddatum ligt voor de begindatum')
    expect((await admin.get(`/api/gold-estates/statements?dateTo=2026-02-01`)).status).toBe(400)
  })
})

describe('where a statement is made', () => {
  test("in the heavy worker, in the organisation's turn: a year of lines takes pdf-lib seconds", async () => {
    const made = vi.spyOn(server.deps.heavyWorkPool, 'renderStatementPdf')
    try {
      const own = await download(seller, `/api/gold-estates/statements/${ids.sanne}?${FEBRUARY}`)
      expect(own.status).toBe(200)
      expect(made).toHaveBeenCalledTimes(1)
      expect(made.mock.calls[0]?.[0]).toMatchObject({ sellerName: 'Sanne Setter' })
      expect(await readPdf(own.body)).toContain('Verkoper: Sanne Setter')
      // The turn is given back once the PDF is made.
      expect(server.deps.heavyWork.placeOf('default-org')).toBeNull()
    } finally {
      made.mockRestore()
    }
  })
})

describe('who may download which statement', () => {
  test("a SELLER gets their own, not a colleague's and not everyone's", async () => {
    const own = await download(seller, `/api/gold-estates/statements/${ids.sanne}?${FEBRUARY}`)
    expect(own.status).toBe(200)
    const colleague = await seller.get(`/api/gold-estates/statements/${ids.cor}?${FEBRUARY}`)
    expectRefusal(colleague, 403, 'Je mag alleen je eigen afrekening downloaden')
    // An id that does not exist is refused the same way: a SELLER learns nothing of ids.
    expect((await seller.get(`/api/gold-estates/statements/ghost?${FEBRUARY}`)).status).toBe(403)
    const all = await seller.get(`/api/gold-estates/statements?${FEBRUARY}`)
    expectRefusal(all, 403, 'Je hebt geen recht op deze actie (sales.read.all)')
  })

  test("an ADMIN and a MANAGER get any seller's; an unknown seller is 404", async () => {
    for (const client of [admin, manager]) {
      const response = await download(
        client,
        `/api/gold-estates/statements/${ids.cor}?${SINCE_FEBRUARY}`,
      )
      expect(response.status).toBe(200)
      const text = await readPdf(response.body)
      expect(text).toContain('Verkoper: Cor Closer')
      expect(text).toContain('Betaalde commissie € 4.000,00')
      expect(text).toContain('Familie Jansen Havenkwartier A-1 Terugvordering € -4.000,00')
    }
    const unknown = await admin.get(`/api/gold-estates/statements/ghost?${FEBRUARY}`)
    expectRefusal(unknown, 404, 'Verkoper niet gevonden')
  })

  test('the zip holds one PDF per seller with something in the period', async () => {
    const response = await download(admin, `/api/gold-estates/statements?${SINCE_FEBRUARY}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="afrekeningen-2026-02-01-${today}.zip"`,
    )
    const files = unzipSync(response.body)
    expect(Object.keys(files).sort()).toEqual([
      `afrekening-cor-closer-2026-02-01-${today}.pdf`,
      `afrekening-sanne-setter-2026-02-01-${today}.pdf`,
    ])
    const cor = await readPdf(files[`afrekening-cor-closer-2026-02-01-${today}.pdf`]!)
    expect(cor).toContain('Verkoper: Cor Closer')
    expect((await download(manager, `/api/gold-estates/statements?${FEBRUARY}`)).status).toBe(200)
    const empty = await admin.get(
      '/api/gold-estates/statements?dateFrom=2025-01-01&dateTo=2025-12-31',
    )
    expect(empty.status).toBe(404)
  })

  test('without a sales session 401; another organisation sees no seller of this one', async () => {
    const outsider = createClient(server.url)
    expect(
      (await outsider.get(`/api/gold-estates/statements/${ids.sanne}?${FEBRUARY}`)).status,
    ).toBe(401)
    expect((await outsider.get(`/api/gold-estates/statements?${FEBRUARY}`)).status).toBe(401)
    const other = await signInOtherOrganisationOwner(server)
    const response = await other.get(`/api/gold-estates/statements/${ids.sanne}?${FEBRUARY}`)
    expect(response.status).toBe(404)
    expect((await other.get(`/api/gold-estates/statements?${SINCE_FEBRUARY}`)).status).toBe(404)
  })
})
