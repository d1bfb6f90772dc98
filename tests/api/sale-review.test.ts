import path from 'node:path'
import Database from 'better-sqlite3'
import { format } from 'date-fns/format'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { formatSyncAccount, SYNC_ACCOUNT_HEADER } from '#sync/account'
import {
  addSellers,
  signInFirstSuperadminWithGoldEstates,
  signInOtherOrganisationOwner,
  signInRegisteredStranger,
} from '../support/accounts.ts'
import type { Project } from '../support/answers.ts'
import { addProject, markLine, patchSale } from '../support/api-gold-estates.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, createClient } from '../support/http.ts'
import {
  buildCorrection,
  buildPaymentPart,
  buildSalePayload,
  listCommissions,
  postSale,
} from '../support/sales.ts'
import { readTables } from '../support/sqlite.ts'
import { pullSale, pushRows, type SyncDoc } from '../support/sync-calls.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

type Activities = InferResponseType<TypedApi['activities']['$get'], 200>
type Sales = TypedApi['gold-estates']['sales']
type Corrected = InferResponseType<Sales[':id']['$patch'], 200>
type Rejected = InferResponseType<Sales[':id']['reject']['$post'], 200>
type Dashboard = InferResponseType<
  TypedApi['gold-estates']['commissions']['dashboard']['$get'],
  200
>
type Stats = InferResponseType<TypedApi['gold-estates']['stats']['detailed']['$get'], 200>
type Users = InferResponseType<TypedApi['users']['$get'], 200>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>

// "Ter beoordeling": a SELLER's unusual split (schema/sale-review.ts) is held until a
// MANAGER or ADMIN approves it. Attacked as the SELLER who wrote it, a stranger, an
// outsider and another organisation's sales ADMIN, by REST and by replication push; a
// refused write leaves the organisation's file as it was.

type Line = { id: string; saleId: string; sellerId: string; commissionAmount: number }
type Sale = SyncDoc & {
  reviewStatus: string | null
  reviewReason: string | null
  paidTotal: number
  lines?: Line[]
  splits: unknown[] | null
}

let server: TestServer
let admin: Client
let manager: Client
let seller: Client
let stranger: Client
let otherOwner: Client
let projectId: string
let otherProjectId: string
const ids = { sanne: '', cor: '', maria: '', oud: '' }
let idCounter = 0
const newId = () => `019c0000-0000-7000-8000-${String(++idCounter).padStart(12, '0')}`
const today = format(new Date(), 'yyyy-MM-dd')

const WATCHED = [
  'sales',
  'commissions',
  'commission_payments',
  'sales_projects',
  'activities',
  'replication_counter',
  'webhook_outbox',
]

function openFile(organisationId = 'default-org') {
  return new Database(path.join(server.dataDir, 'orgs', `${organisationId}.sqlite`), {
    readonly: true,
  })
}

const snapshot = (organisationId = 'default-org') =>
  readTables(server.dataDir, organisationId, WATCHED)

async function expectNothingChanged(attempt: () => Promise<void>, organisationId?: string) {
  const before = snapshot(organisationId)
  await attempt()
  expect(snapshot(organisationId)).toEqual(before)
}

function activitiesOf(action: string) {
  const db = openFile()
  try {
    return db
      .prepare('select metadata from activities where action = ?')
      .pluck()
      .all(action)
      .map((metadata) => JSON.parse(String(metadata)))
  } finally {
    db.close()
  }
}

/** € 1.000.000 at 5 %: € 50.000 net commission, dated long ago so every line is overdue. */
function payload(lines: Parameters<typeof buildSalePayload>[0]['lines'], extra: object = {}) {
  return {
    ...buildSalePayload({
      projectId,
      salePrice: 100_000_000,
      commissionPercentage: 5,
      saleDate: '2025-01-01',
      lines,
    }),
    ...extra,
  }
}

/** 50 lines of 100 % to Sanne herself: € 2.5 M of receivables on a € 50.000 deal. */
const fiftyTimesOwn = () =>
  payload(Array.from({ length: 50 }, () => ({ sellerId: ids.sanne, percentage: 100 })))

const register = (client: Client, body: ReturnType<typeof payload>) =>
  postSale(server, client, body)

const pulledSale = async (client: Client, saleId: string) =>
  (await pullSale(client, saleId)) as Sale

async function linesOf(saleId: string) {
  return (await listCommissions(server, admin)).filter((line) => line.saleId === saleId)
}

/** The sale's version now (its seq), as an approver who opens it sees it. */
async function seqOf(saleId: string): Promise<number> {
  const sales: InferResponseType<Sales['$get'], 200> = (await admin.get('/api/gold-estates/sales'))
    .json
  return Number(sales.find((sale) => sale.id === saleId)?.seq ?? 0)
}

/** "Goedkeuren" of the version shown now, or of `seq` when given. */
const approve = async (
  client: Client,
  saleId: string,
  headers?: Record<string, string>,
  seq?: number,
) =>
  client.post(
    `/api/gold-estates/sales/${saleId}/approve`,
    { seq: seq ?? (await seqOf(saleId)) },
    headers,
  )
/** "Afwijzen" of the version shown now (the body may name another seq). */
const reject = async (client: Client, saleId: string, body: object) =>
  client.post(`/api/gold-estates/sales/${saleId}/reject`, { seq: await seqOf(saleId), ...body })

/** The money every screen shows, for one reader: dashboard tiles and statistics. */
async function moneyOf(client: Client) {
  const dashboard: Dashboard = (await client.get('/api/gold-estates/commissions/dashboard')).json
  const stats: Stats = (await client.get('/api/gold-estates/stats/detailed')).json
  return {
    pending: dashboard.pendingCommissions,
    overdue: dashboard.overdueCommissions,
    paid: dashboard.paidCommissions,
    sales: dashboard.totalSales,
    upcoming: dashboard.upcomingPaymentsTotal,
    sellerTotal: dashboard.sellerBreakdown.reduce((sum, row) => sum + row.totalCommission, 0),
    projectTotal: dashboard.projectBreakdown.reduce((sum, row) => sum + row.totalCommission, 0),
    statsCommissions: stats.totalCommissions,
    statsSalesTeam: stats.salesCommissionsTotal,
    statsSales: stats.totalSales,
  }
}

function correction(splits: unknown[], extra: object = {}) {
  const fields = { saleDate: '2025-01-01', salePrice: 100_000_000, commissionPercentage: 5 }
  return { ...buildCorrection({ ...fields, splits, paidTotal: 0 }), ...extra }
}
const split = (sellerId: string, commissionPercentage: number, commissionType = 'sales') => ({
  sellerId,
  role: null,
  commissionType,
  commissionPercentage,
})

beforeAll(async () => {
  server = await startTestServer({ REGISTRATION: 'open' })
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Havenkwartier')
  const team = await addSellers(server, admin, {
    sanne: 'Sanne',
    cor: 'Cor',
    maria: 'Maria',
    oud: 'Oud',
  })
  Object.assign(ids, team.ids)
  seller = await team.signIn('sanne', 'SELLER')
  manager = await team.signIn('maria', 'MANAGER')
  stranger = await signInRegisteredStranger(server)
  otherOwner = await signInOtherOrganisationOwner(server)
  otherProjectId = await addProject(otherOwner, 'Elders')
})
afterAll(() => server?.close())

describe("a SELLER's 50 lines of 100 % to themselves", () => {
  test('count € 0 in every tile and total and cannot be paid until approved (REST)', async () => {
    const before = { admin: await moneyOf(admin), seller: await moneyOf(seller) }
    const sale = await register(seller, fiftyTimesOwn())
    expect(sale.reviewStatus).toBe('pending')
    // Every dashboard, the statistics, the breakdowns: as if the sale were not there.
    expect(await moneyOf(admin)).toEqual(before.admin)
    expect(await moneyOf(seller)).toEqual(before.seller)
    const dashboard: Dashboard = (await admin.get('/api/gold-estates/commissions/dashboard')).json
    const listed = dashboard.salesList.find((item) => item.id === sale.id)
    expect(listed).toMatchObject({ reviewStatus: 'pending', reviewReason: null } satisfies PartOf<
      Dashboard['salesList'][number]
    >)

    // Nobody can pay its lines: "Markeer betaald", a payment part, by REST and by push.
    const lines = await linesOf(sale.id)
    expect(lines).toHaveLength(50)
    const line = lines[0]!
    const refusal =
      'Deze verkoop staat ter beoordeling; de commissies kunnen pas na goedkeuring betaald worden'
    await expectNothingChanged(async () => {
      for (const client of [admin, manager]) {
        const marked = await markLine(client, line.id, 'paid')
        expectRefusal(marked, 409, refusal)
        const part = await client.post(`/api/gold-estates/commissions/${line.id}/payments`, {
          amount: 100,
          paidOn: today,
          note: null,
        })
        expectRefusal(part, 409, refusal)
        const pushed = await pushRows(client, 'commissionPayments', [
          {
            newDocumentState: buildPaymentPart(line, {
              id: newId(),
              amount: 100,
              paidOn: today,
            }) as SyncDoc,
          },
        ])
        expect((pushed.json as Pushed).refused[0]?.reason).toBe(refusal)
      }
    })

    // Approved: now it counts, to the cent (50 × € 50.000, all overdue).
    expect((await approve(manager, sale.id)).status).toBe(200)
    const after = await moneyOf(admin)
    expect(after.overdue - before.admin.overdue).toBe(50 * 5_000_000)
    expect(after.sales - before.admin.sales).toBe(1)
    expect(activitiesOf('Verkoop goedgekeurd')).toContainEqual({ saleId: sale.id })
    const paid = await markLine(admin, line.id, 'paid')
    expect(paid.status).toBe(200)
  })

  test('pushed by their device: stored under review, its review not writable by a push', async () => {
    const before = await moneyOf(admin)
    const id = newId()
    const pushed = await pushRows(seller, 'sales', [
      { newDocumentState: { ...fiftyTimesOwn(), id, _deleted: false, reviewStatus: null } },
    ])
    expect(pushed.status).toBe(200)
    expect((pushed.json as Pushed).refused).toEqual([])
    const seen = await pulledSale(seller, id)
    expect(seen.reviewStatus).toBe('pending')
    expect(await moneyOf(admin)).toEqual(before)
    // Clearing its own review by pushing the sale: nothing a person may write changed,
    // so the device is handed the stored sale back.
    await expectNothingChanged(async () => {
      for (const change of [
        { reviewStatus: null },
        { reviewStatus: null, reviewedBy: 'me', reviewedAt: 1 },
      ]) {
        const answer = await pushRows(seller, 'sales', [
          { newDocumentState: { ...seen, ...change }, assumedMasterState: seen },
        ])
        expect((answer.json as Pushed).refused).toEqual([])
        expect((answer.json as Pushed).conflicts).toEqual([seen])
      }
    })
  })
})

describe('which splits are held', () => {
  test.each([
    ['the sales team under 100 %', [{ percentage: 90 }], 'pending'],
    ['the sales team over 100 %', [{ percentage: 60 }, { cor: true, percentage: 60 }], 'pending'],
    [
      'extra commissions over 50 %',
      [{ percentage: 100 }, { cor: true, percentage: 51, commissionType: 'referral' as const }],
      'pending',
    ],
    ['the same seller and type twice', [{ percentage: 50 }, { percentage: 50 }], 'pending'],
    ['exactly 100 % of their own', [{ percentage: 100 }], null],
    ['60 % and a colleague 40 %', [{ percentage: 60 }, { cor: true, percentage: 40 }], null],
    [
      'a clean split with 50 % extra',
      [
        { percentage: 100 },
        { cor: true, percentage: 30, commissionType: 'referral' as const },
        { cor: true, percentage: 20, commissionType: 'manager' as const },
      ],
      null,
    ],
  ])('a SELLER with %s', async (_, lines, expected) => {
    const body = payload(
      lines.map((line) => ({
        sellerId: 'cor' in line ? ids.cor : ids.sanne,
        percentage: line.percentage,
        commissionType: 'commissionType' in line ? line.commissionType : 'sales',
      })),
    )
    expect((await register(seller, body)).reviewStatus).toBe(expected)
  })

  test('the office splits as it likes: an ADMIN or MANAGER sale is never held', async () => {
    expect((await register(admin, fiftyTimesOwn())).reviewStatus).toBeNull()
    expect((await register(manager, fiftyTimesOwn())).reviewStatus).toBeNull()
  })

  test("but an office author's own unusual split is in the activity log with the review's reasons", async () => {
    const UNUSUAL = 'Ongebruikelijke verdeling geboekt'
    const feed = async () =>
      ((await admin.get('/api/activities')).json as Activities).filter(
        (item) => item.action === UNUSUAL,
      )
    const before = (await feed()).length
    const big = await register(
      manager,
      payload(
        Array.from({ length: 50 }, () => ({ sellerId: ids.sanne, percentage: 100 })),
        { propertyNumber: 'V-5000' },
      ),
    )
    expect(big.reviewStatus).toBeNull()
    const [logged] = (await feed()).slice(0, 1)
    expect(logged).toMatchObject({
      user: 'Maria',
      target: `${big.clientName} (V-5000): Het salesteam telt op tot 5000% in plaats van 100%; Dezelfde verkoper staat twee keer met hetzelfde soort commissie`,
    })
    expect(activitiesOf(UNUSUAL)).toContainEqual({
      saleId: big.id,
      reasons: [
        'Het salesteam telt op tot 5000% in plaats van 100%',
        'Dezelfde verkoper staat twee keer met hetzelfde soort commissie',
      ],
    })
    // A usual split, and a SELLER's unusual one (held for review instead), are not logged so.
    await register(admin, payload([{ sellerId: ids.sanne, percentage: 100 }]))
    expect((await register(seller, fiftyTimesOwn())).reviewStatus).toBe('pending')
    expect((await feed()).length).toBe(before + 1)
    // An ADMIN's correction into an unusual split is logged with every reason it breaks.
    const usual = await register(admin, payload([{ sellerId: ids.sanne, percentage: 100 }]))
    const corrected = await patchSale(
      admin,
      usual.id,
      correction([split(ids.sanne, 100), split(ids.sanne, 100), split(ids.cor, 60, 'referral')]),
    )
    expect(corrected.status, corrected.text).toBe(200)
    expect((corrected.json as Corrected).reviewStatus).toBeNull()
    expect(activitiesOf(UNUSUAL)).toContainEqual({
      saleId: usual.id,
      reasons: [
        'Het salesteam telt op tot 200% in plaats van 100%',
        'Extra commissies tellen op tot 60% (boven 50%)',
        'Dezelfde verkoper staat twee keer met hetzelfde soort commissie',
      ],
    })
    // Another organisation reads none of it.
    const theirs = (await otherOwner.get('/api/activities')).json as Activities
    expect(theirs.filter((item) => item.action === UNUSUAL)).toEqual([])
  })
})

describe('approving and rejecting', () => {
  test('only a MANAGER or ADMIN of the organisation, never the SELLER, a stranger or another organisation', async () => {
    const sale = await register(seller, fiftyTimesOwn())
    await expectNothingChanged(async () => {
      const own = await approve(seller, sale.id)
      expectRefusal(own, 403, /sales\.approve/)
      expect((await reject(seller, sale.id, { reason: 'Zelf afgewezen' })).status).toBe(403)
      for (const client of [stranger, createClient(server.url)]) {
        expect((await approve(client, sale.id)).status).toBe(401)
        expect((await reject(client, sale.id, { reason: 'Van buiten' })).status).toBe(401)
      }
      // Another organisation's sales ADMIN: the sale does not exist for them.
      expect((await approve(otherOwner, sale.id)).status).toBe(404)
      expect((await reject(otherOwner, sale.id, { reason: 'Van elders' })).status).toBe(404)
    })
    await expectNothingChanged(async () => {
      for (const body of [{}, { reason: '' }, { reason: '  x ' }, { reason: 12 }]) {
        const answer = await reject(manager, sale.id, body)
        expectRefusal(answer, 400, /reason: Geef een reden/)
      }
      const long = await reject(manager, sale.id, { reason: 'x'.repeat(501) })
      expect((long.json as ErrorAnswer).message).toMatch(/hoogstens 500 tekens/)
    })
    const pulled = await pulledSale(admin, sale.id)
    expect(pulled.reviewStatus).toBe('pending')
  })

  test('a rejection goes back to the SELLER with the reason; their correction puts it back in review', async () => {
    const sale = await register(
      seller,
      payload([
        { sellerId: ids.sanne, percentage: 100 },
        { sellerId: ids.cor, percentage: 100 },
      ]),
    )
    const rejected = await reject(admin, sale.id, { reason: 'Cor krijgt geen 100 %' })
    expect(rejected.status).toBe(200)
    expect(rejected.json as Rejected).toMatchObject({
      reviewStatus: 'rejected',
    } satisfies PartOf<Rejected>)
    expect(activitiesOf('Verkoop afgewezen')).toContainEqual({
      saleId: sale.id,
      reason: 'Cor krijgt geen 100 %',
    })
    // Rejected: still not payable, not approvable before the SELLER answers.
    const [line] = await linesOf(sale.id)
    expect((await markLine(admin, line!.id, 'paid')).status).toBe(409)
    const early = await approve(admin, sale.id)
    expectRefusal(early, 409, 'Deze verkoop staat niet ter beoordeling')

    // The SELLER's device gets the reason and the whole split they wrote.
    const seen = await pulledSale(seller, sale.id)
    expect(seen).toMatchObject({ reviewStatus: 'rejected', reviewReason: 'Cor krijgt geen 100 %' })
    expect(seen.lines?.map((l) => l.sellerId).sort()).toEqual([ids.sanne, ids.cor].sort())
    expect(seen.splits).toBeNull()

    // They correct it (REST) to 60/40: back in review, the reason cleared.
    const corrected = await patchSale(
      seller,
      sale.id,
      correction([split(ids.sanne, 60), split(ids.cor, 40)]),
    )
    expect(corrected.status, corrected.text).toBe(200)
    expect(corrected.json as Corrected).toMatchObject({
      reviewStatus: 'pending',
      reviewReason: null,
    } satisfies PartOf<Corrected>)
    expect((await linesOf(sale.id)).map((l) => l.commissionAmount).sort()).toEqual([
      2_000_000, 3_000_000,
    ])
    expect((await approve(manager, sale.id)).status).toBe(200)

    // Approved, the sale is the office's again: the SELLER sees their own line only and
    // can no longer correct it.
    const approved = await pulledSale(seller, sale.id)
    expect(approved.reviewStatus).toBeNull()
    expect(approved.lines?.map((l) => l.sellerId)).toEqual([ids.sanne])
    await expectNothingChanged(async () => {
      const late = await patchSale(
        seller,
        sale.id,
        correction([split(ids.sanne, 100)], { paidTotal: 0 }),
      )
      expect(late.status).toBe(403)
    })
  })

  test("a SELLER's correction by push puts a rejected sale back in review", async () => {
    const sale = await register(seller, payload([{ sellerId: ids.sanne, percentage: 90 }]))
    expect((await reject(manager, sale.id, { reason: 'Minder dan 100 %' })).status).toBe(200)
    const seen = await pulledSale(seller, sale.id)
    const answer = await pushRows(seller, 'sales', [
      {
        newDocumentState: { ...seen, splits: [split(ids.sanne, 100)], salePrice: 90_000_000 },
        assumedMasterState: seen,
      },
    ])
    // Applied; the device is handed the server's recomputed sale.
    expect((answer.json as Pushed).refused).toEqual([])
    const after = await pulledSale(seller, sale.id)
    expect(after).toMatchObject({ reviewStatus: 'pending', reviewReason: null })
    expect(after.lines?.map((l) => l.commissionAmount)).toEqual([4_500_000])
  })

  test('a SELLER may correct only their own sale under review, and must keep their own line', async () => {
    const byOffice = await register(admin, payload([{ sellerId: ids.sanne, percentage: 100 }]))
    const own = await register(seller, payload([{ sellerId: ids.sanne, percentage: 80 }]))
    await expectNothingChanged(async () => {
      // Not theirs to correct (the office's sale), nor a sale that does not exist: one answer.
      for (const id of [byOffice.id, newId()]) {
        const answer = await patchSale(seller, id, correction([split(ids.sanne, 100)]))
        expect(answer.status).toBe(403)
      }
      const withoutSelf = await patchSale(seller, own.id, correction([split(ids.cor, 100)]))
      expectRefusal(
        withoutSelf,
        403,
        'Je kunt alleen verkopen registreren waarin je zelf een commissie hebt',
      )
      // Cancelling stays the office's.
      const cancel = await seller.post(`/api/gold-estates/sales/${own.id}/cancel`, {
        reason: 'Zelf weg',
      })
      expect(cancel.status).toBe(403)
    })
  })

  test('an approver may not review a sale they registered; a replayed approval has one effect', async () => {
    const sale = await register(seller, fiftyTimesOwn())
    const headers = { 'Idempotency-Key': crypto.randomUUID() }
    const seen = await seqOf(sale.id)
    const first = await approve(admin, sale.id, headers, seen)
    const replay = await approve(admin, sale.id, headers, seen)
    expect(first.status).toBe(200)
    expect(replay.status).toBe(200)
    expect(replay.json).toEqual(first.json)
    expect(activitiesOf('Verkoop goedgekeurd').filter((m) => m.saleId === sale.id)).toHaveLength(1)
    expect((await approve(admin, sale.id)).status).toBe(409)
  })
})

describe('a review names the version it saw', () => {
  const SEQ_MISSING =
    'seq: De versie van de verkoop die je beoordeelde ontbreekt. Open de verkoop opnieuw en beoordeel hem zoals hij nu is.'

  test('an approval or rejection without seq (a script, a call queued by an older app) is 400 naming it; nothing changes', async () => {
    const sale = await register(seller, fiftyTimesOwn())
    const url = `/api/gold-estates/sales/${sale.id}`
    await expectNothingChanged(async () => {
      for (const body of [
        undefined,
        {},
        { seq: null },
        { seq: 'laatste' },
        { seq: -1 },
        { seq: 1.5 },
      ]) {
        const approval = await manager.post(`${url}/approve`, body)
        expectRefusal(approval, 400, SEQ_MISSING)
        const rejection = await manager.post(`${url}/reject`, { ...body, reason: 'Klopt niet' })
        expectRefusal(rejection, 400, SEQ_MISSING)
      }
    })
    expect((await pulledSale(admin, sale.id)).reviewStatus).toBe('pending')
  })

  test('a rejection of the split the MANAGER saw is 409 once the SELLER rewrote it; the current one can be', async () => {
    const sale = await register(seller, payload([{ sellerId: ids.sanne, percentage: 90 }]))
    const seen = await seqOf(sale.id)
    const corrected = await patchSale(
      seller,
      sale.id,
      correction([split(ids.sanne, 60), split(ids.cor, 60)]),
    )
    expect(corrected.status, corrected.text).toBe(200)
    await expectNothingChanged(async () => {
      const late = await reject(manager, sale.id, { seq: seen, reason: 'Minder dan 100 %' })
      expectRefusal(
        late,
        409,
        'Deze verkoop is gewijzigd sinds je hem bekeek. Bekijk hem opnieuw voor je hem afwijst.',
      )
      expect((await approve(manager, sale.id, undefined, seen)).status).toBe(409)
      // A version the sale never had (a later one, guessed) is refused the same way.
      const guessed = await reject(manager, sale.id, { seq: seen + 1000, reason: 'Gegokt' })
      expect(guessed.status).toBe(409)
    })
    const now = await reject(manager, sale.id, { reason: 'Samen 120 %' })
    expect(now.status, now.text).toBe(200)
    expect((await pulledSale(seller, sale.id)).reviewReason).toBe('Samen 120 %')
  })
})

describe('attacks on the version a review names', () => {
  test('with the right seq, nobody but an approver of the organisation reviews: outsider, stranger, SELLER, another organisation, a person in several', async () => {
    const sale = await register(seller, fiftyTimesOwn())
    const seq = await seqOf(sale.id)
    const url = `/api/gold-estates/sales/${sale.id}`
    // The other organisation's owner also holds an account here: a person in two
    // organisations, signed in to org-b.
    const { token } = await inviteWithSetupLink(server.deps, {
      email: 'super@b.example',
      role: 'ADMIN',
      name: 'Twee Organisaties',
      org: 'default-org',
    })
    const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, {
      password: 'SUPERADMIN password',
    })
    expect(setup.status, setup.text).toBe(200)
    const hereId = ((await admin.get('/api/users')).json as Users).find(
      (user) => user.email === 'super@b.example',
    )!.id
    const here = {
      [SYNC_ACCOUNT_HEADER]: formatSyncAccount({ organisationId: 'default-org', userId: hereId }),
    }
    await expectNothingChanged(async () => {
      for (const client of [createClient(server.url), stranger]) {
        expect((await client.post(`${url}/approve`, { seq })).status).toBe(401)
        expect((await client.post(`${url}/reject`, { seq, reason: 'Van buiten' })).status).toBe(401)
      }
      // The SELLER who wrote it, naming the right version: still not theirs to review.
      expect((await seller.post(`${url}/approve`, { seq })).status).toBe(403)
      expect((await seller.post(`${url}/reject`, { seq, reason: 'Zelf' })).status).toBe(403)
      // Another organisation's sales ADMIN, in two organisations: from org-b the sale does
      // not exist; naming their account here is another account's call, refused as such.
      for (const headers of [{}, here]) {
        const approval = await otherOwner.post(`${url}/approve`, { seq }, headers)
        const rejection = await otherOwner.post(`${url}/reject`, { seq, reason: 'Elders' }, headers)
        for (const answer of [approval, rejection]) {
          expect(answer.status).toBe(headers === here ? 409 : 404)
          expect(answer.text).not.toContain('Klant')
        }
      }
      // The manager sending no seq, or an earlier one, changes nothing either.
      expect((await manager.post(`${url}/approve`, {})).status).toBe(400)
      expect((await manager.post(`${url}/reject`, { seq: seq - 1, reason: 'Oud' })).status).toBe(
        409,
      )
    })
    expect((await pulledSale(admin, sale.id)).reviewStatus).toBe('pending')
  })
})

describe('sellers and projects that are not active', () => {
  test('are refused on a new sale for everyone, by REST and by push, naming what is wrong', async () => {
    expect(
      (await admin.request('PATCH', `/api/gold-estates/sellers/${ids.oud}`, { status: 'inactive' }))
        .status,
    ).toBe(200)
    const closed = (
      (await admin.post('/api/gold-estates/projects', { name: 'Gesloten', status: 'inactive' }))
        .json as Project
    ).id
    const withLeaver = payload([
      { sellerId: ids.sanne, percentage: 50 },
      { sellerId: ids.oud, percentage: 50 },
    ])
    const inClosed = { ...payload([{ sellerId: ids.sanne, percentage: 100 }]), projectId: closed }
    const elsewhere = {
      ...payload([{ sellerId: ids.sanne, percentage: 100 }]),
      projectId: otherProjectId,
    }
    await expectNothingChanged(async () => {
      for (const client of [admin, manager, seller]) {
        const leaver = await client.post('/api/gold-estates/sales', withLeaver)
        expectRefusal(leaver, 400, 'commissions.1.sellerId: Verkoper Oud is niet actief')
        const project = await client.post('/api/gold-estates/sales', inClosed)
        expectRefusal(project, 400, 'projectId: Project Gesloten is niet actief')
        const other = await client.post('/api/gold-estates/sales', elsewhere)
        expect((other.json as ErrorAnswer).message).toBe(
          'projectId: Project bestaat niet in deze organisatie',
        )
        const pushed = await pushRows(client, 'sales', [
          { newDocumentState: { ...withLeaver, id: newId(), _deleted: false } },
          { newDocumentState: { ...inClosed, id: newId(), _deleted: false } },
        ])
        expect((pushed.json as Pushed).refused.map((r) => r.reason)).toEqual([
          'commissions.1.sellerId: Verkoper Oud is niet actief',
          'projectId: Project Gesloten is niet actief',
        ])
      }
    })
  })

  test('a correction may keep a seller who left since, not add one', async () => {
    const sale = await register(
      admin,
      payload([
        { sellerId: ids.sanne, percentage: 50 },
        { sellerId: ids.cor, percentage: 50 },
      ]),
    )
    await admin.request('PATCH', `/api/gold-estates/sellers/${ids.cor}`, { status: 'inactive' })
    try {
      const kept = await patchSale(
        admin,
        sale.id,
        correction([split(ids.sanne, 40), split(ids.cor, 60)]),
      )
      expect(kept.status, kept.text).toBe(200)
      await expectNothingChanged(async () => {
        const added = await patchSale(
          admin,
          sale.id,
          correction([split(ids.sanne, 40), split(ids.cor, 50), split(ids.oud, 10)]),
        )
        expectRefusal(added, 400, 'splits.2.sellerId: Verkoper Oud is niet actief')
      })
    } finally {
      await admin.request('PATCH', `/api/gold-estates/sellers/${ids.cor}`, { status: 'active' })
    }
  })
})
