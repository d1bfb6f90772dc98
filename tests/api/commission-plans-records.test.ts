import { format } from 'date-fns/format'
import type { InferResponseType } from 'hono/client'
import { extractText } from 'unpdf'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  addSellers,
  ROOT,
  signIn,
  signInFirstSuperadminWithGoldEstates,
  signInOtherOrganisationOwner,
} from '../support/accounts.ts'
import { addProject } from '../support/api-gold-estates.ts'
import {
  closerSale,
  closersPlan,
  EURO,
  placeSeller,
  readPlanTables,
} from '../support/commission-plans.ts'
import { type Client, createClient } from '../support/http.ts'
import { sendOversizedBody } from '../support/oversized-body.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { PartOf, TypedApi } from '../support/typed-client.ts'

// Commission plans in the records (issue 48, decision 039): the statement PDF says which
// tier change made each adjustment; a restore of a backup taken before a plan change gives
// the plans, placements and adjustments of the backup, nothing made after it; a body over
// the limit against each route plans added is refused before it is read, nothing changed.

type Sale = InferResponseType<TypedApi['gold-estates']['sales'][':id']['$get'], 200>
type Registered = InferResponseType<TypedApi['gold-estates']['sales']['$post'], 201>
type Plan = InferResponseType<TypedApi['gold-estates']['commission-plans']['$post'], 201>

const today = format(new Date(), 'yyyy-MM-dd')
let server: TestServer
let admin: Client
let seller: Client
let projectId: string
const ids = { anna: '', bram: '', dirk: '' }
let closersId: string

const snapshot = () => readPlanTables(server.dataDir)
/** The live rows of the plan tables, without what a restore gives anew (seq, updatedAt). */
const liveRows = () =>
  Object.fromEntries(
    Object.entries(snapshot()).map(([table, rows]) => [
      table,
      (rows as Record<string, unknown>[])
        .filter((row) => row.deleted !== 1)
        .map(({ seq: _seq, updated_at: _updated, ...row }) => row),
    ]),
  )

const closerSaleBy = (sellerId: string, euros: number, saleDate: string, clientName: string) =>
  closerSale({ projectId, sellerId, euros, saleDate, clientName })

async function register(body: object, client: Client = admin) {
  const answer = await client.post('/api/gold-estates/sales', body)
  expect(answer.status, answer.text).toBe(201)
  const stored: Registered = answer.json
  return stored.id
}

async function linesOf(saleId: string) {
  const answer = await admin.get(`/api/gold-estates/sales/${saleId}`)
  expect(answer.status).toBe(200)
  const sale: Sale = answer.json
  return sale.lines
}

const place = (sellerId: string, planId: string, from?: string) =>
  placeSeller(admin, sellerId, planId, from)

/** A binary download with the client's session: status and bytes. */
async function download(client: Client, path: string) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} })
  return { status: response.status, body: await response.bytes() }
}

/** The text of a PDF, with runs of white space (Intl's no-break space too) as one space. */
async function readPdf(bytes: Uint8Array) {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Havenkwartier')
  const team = await addSellers(server, admin, { anna: 'Anna', bram: 'Bram', dirk: 'Dirk' })
  Object.assign(ids, team.ids)
  seller = await team.signIn('bram', 'SELLER')
  const plan = await admin.post('/api/gold-estates/commission-plans', closersPlan())
  expect(plan.status, plan.text).toBe(201)
  closersId = (plan.json as Plan).id
  for (const id of [ids.anna, ids.bram]) await place(id, closersId)
})
afterAll(() => server?.close())

describe('the statement', () => {
  let statementPath: string

  test('lists each adjustment with the tier change that caused it, paid and open', async () => {
    // Anna: € 3.000.000, then € 2.500.000 crosses € 5.000.000: 70 % retroactive, the
    // first sale's adjustment + € 6.000 ("Trede 1 bereikt"), of which € 2.000 is paid
    // today. Then the second sale is cancelled: − € 6.000 ("Terug naar het basisaandeel").
    const first = await register(closerSaleBy(ids.anna, 3_000_000, '2025-02-01', 'Familie Jansen'))
    const second = await register(closerSaleBy(ids.anna, 2_500_000, '2025-05-01', 'Pietersen'))
    const adjustment = (await linesOf(first)).find((line) => line.kind === 'adjustment')
    expect(adjustment?.planNote).toBe('Trede 1 bereikt: 70 % (was 60 %)')
    const part = await admin.post(`/api/gold-estates/commissions/${adjustment?.id}/payments`, {
      amount: 2_000 * EURO,
      paidOn: today,
      note: null,
    })
    expect(part.status, part.text).toBe(201)
    const cancelled = await admin.post(`/api/gold-estates/sales/${second}/cancel`, {
      reason: 'Financiering rond niet',
    })
    expect(cancelled.status).toBe(200)

    statementPath = `/api/gold-estates/statements/${ids.anna}?dateFrom=${today}&dateTo=${today}`
    const response = await download(admin, statementPath)
    expect(response.status).toBe(200)
    const text = await readPdf(response.body)
    for (const expected of [
      // The part paid today, its reason under it.
      'Familie Jansen Havenkwartier',
      'Correctie € 2.000,00 Trede 1 bereikt: 70 % (was 60 %)',
      'Openstaande correcties en terugvorderingen',
      // Open: what is left of the raise, and its reversal.
      'Correctie € 4.000,00 Trede 1 bereikt: 70 % (was 60 %)',
      'Correctie € -6.000,00 Terug naar het basisaandeel: 60 % (was 70 %)',
      'Correcties € 2.000,00',
    ]) {
      expect(text).toContain(expected)
    }
  })

  test("a colleague, another organisation's ADMIN and an outsider do not get it", async () => {
    const colleague = await seller.get(statementPath)
    expect(colleague.status).toBe(403)
    const other = await signInOtherOrganisationOwner(server)
    expect([403, 404]).toContain((await other.get(statementPath)).status)
    expect((await createClient(server.url).get(statementPath)).status).toBe(401)
  })
})

describe('a restore of a backup taken before a plan change', () => {
  test('gives the plans, placements and adjustments of the backup, nothing in between', async () => {
    // Bram crosses the tier before the backup: his first sale has its adjustment.
    const first = await register(closerSaleBy(ids.bram, 3_000_000, '2025-03-01', 'Voor'))
    await register(closerSaleBy(ids.bram, 2_500_000, '2025-04-01', 'Voor'))
    // A restore gives every row a new seq and updatedAt (devices pull them again).
    const plans = async () =>
      (
        (await admin.get('/api/gold-estates/commission-plans')).json as InferResponseType<
          TypedApi['gold-estates']['commission-plans']['$get'],
          200
        >
      ).map(({ updatedAt: _updated, ...plan }) => plan)
    const plansBefore = await plans()
    const lines = async () =>
      (await linesOf(first)).map(({ seq: _seq, updatedAt: _updated, ...line }) => line)
    const linesBefore = await lines()
    const rowsBefore = liveRows()
    const backup = await admin.post('/api/admin/backup', { format: 'json' })
    expect(backup.status).toBe(200)

    // After the backup: a new version from 2026 (2025 has a paid plan line, Anna's), a
    // 2026 sale of Bram's under it that crosses its lower tier and adjusts his first sale
    // of 2026, a new plan with Dirk on it, and a sale of his.
    const version = await admin.request(
      'PATCH',
      `/api/gold-estates/commission-plans/${closersId}`,
      closersPlan({
        from: '2026-01-01',
        roles: [
          { role: 'closer', share: 60, tiers: [{ fromVolume: 1_000_000 * EURO, share: 75 }] },
        ],
      }),
    )
    expect(version.status, version.text).toBe(200)
    const of2026 = await register(closerSaleBy(ids.bram, 800_000, '2026-01-10', 'Na'))
    await register(closerSaleBy(ids.bram, 800_000, '2026-01-11', 'Na'))
    expect((await linesOf(of2026)).map((line) => line.kind)).toEqual(['commission', 'adjustment'])
    const later = await admin.post(
      '/api/gold-estates/commission-plans',
      closersPlan({ name: 'Later', from: '2025-01-01' }),
    )
    expect(later.status, later.text).toBe(201)
    await place(ids.dirk, (later.json as Plan).id)
    await register(closerSaleBy(ids.dirk, 1_000_000, '2025-05-01', 'Na'))

    const restored = await admin.post('/api/admin/restore', backup.text)
    expect(restored.status, restored.text).toBe(200)
    // Signed in again (a restore ends every session), into Gold Estates as at first.
    admin = await signIn(server, ROOT)
    expect((await admin.post('/api/admin/launch-gold-estates')).status).toBe(200)
    expect(liveRows()).toEqual(rowsBefore)
    expect(await plans()).toEqual(plansBefore)
    expect(await lines()).toEqual(linesBefore)
    expect((await admin.get(`/api/gold-estates/sales/${of2026}`)).status).toBe(404)
    const dirk = await admin.get(`/api/gold-estates/sellers/${ids.dirk}/position?date=2025-06-01`)
    // Dirk is on no plan again, his sale gone: nothing in his volume.
    const position: InferResponseType<
      TypedApi['gold-estates']['sellers'][':id']['position']['$get'],
      200
    > = dirk.json
    expect(position).toMatchObject({ planId: null, volume: 0 } satisfies PartOf<typeof position>)
  })
})

describe('bodies over the limit', () => {
  test.each([true, false])(
    'against each route plans added: 413 before the body is read, nothing changed (length declared: %s)',
    async (declared) => {
      const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      const before = snapshot()
      for (const [method, path] of [
        ['POST', '/api/gold-estates/commission-plans'],
        ['PATCH', `/api/gold-estates/commission-plans/${closersId}`],
        ['PUT', `/api/gold-estates/sellers/${ids.anna}/plan`],
        ['PUT', `/api/gold-estates/projects/${projectId}/rate`],
        ['POST', '/api/gold-estates/sales'],
      ] as const) {
        const answer = await sendOversizedBody(server.url, method, path, { cookie }, { declared })
        expect(answer.status, path).toBe(413)
        expect(answer.message).toBe('De aanvraag is te groot (maximaal 1 MiB)')
        // Of 200 MiB, no more than the connection's buffers took before the answer.
        expect(answer.sentMib, path).toBeLessThan(32)
      }
      expect(snapshot()).toEqual(before)
    },
  )
})
