import http from 'node:http'
import { format } from 'date-fns/format'
import { strFromU8, unzipSync } from 'fflate'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  addSellers,
  signInFirstSuperadminWithGoldEstates,
  signInInvitedUser,
  signInOtherOrganisationOwner,
} from '../support/accounts.ts'
import type { Project } from '../support/answers.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, cookieOf, createClient } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { buildSalesWorkbook } from '../support/sales-sheet.ts'
import { uploadCsv, uploadSheet } from '../support/sheet-upload.ts'
import { insertBulkPaymentParts, openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type PartOf, type TypedApi, typedClient } from '../support/typed-client.ts'
import {
  buildFarRowWorkbook,
  buildSharedStringsBomb,
  buildWideWorkbook,
  lieAboutSizes,
} from '../support/xlsx-bombs.ts'

// Bounded work: an upload that unpacks or parses is stopped at limits near real sheets,
// one heavy job runs at a time in the whole process (the others wait their turn), and the statements zip leaves a
// seller whose statement is too long out alone. Every refusal comes before the upload is
// read, and changes nothing.

let server: TestServer
let root: Client
let bRoot: Client
let seller: Client
const today = format(new Date(), 'yyyy-MM-dd')
const THIS_YEAR = `dateFrom=${today.slice(0, 4)}-01-01&dateTo=${today}`
const sellerIds = { anna: '', bart: '' }
let bomb: Uint8Array<ArrayBuffer>

/** An .xlsx of `count` sales, clients named `<prefix> <n>`. */
const buildSalesSheet = (prefix: string, count = 8000) => buildSalesWorkbook(count, prefix)

function countSales(organisationId = 'default-org') {
  const db = openOrganisationFile(server.dataDir, organisationId)
  const total = db.prepare('select count(*) from sales where deleted = 0').pluck().get()
  db.close()
  return total
}

const upload = (client: Client, bytes: Uint8Array<ArrayBuffer>, fileName?: string) =>
  uploadSheet(server, client, bytes, fileName)

/**
 * Sends a request whose body never ends (the head, then nothing): an answer proves the
 * server decided before reading the upload. Resolves with that answer.
 */
function sendUnfinished(path: string, cookie: string, head: string, declaredBytes?: number) {
  return new Promise<{
    status: number
    headers: http.IncomingHttpHeaders
    text: string
    abort: () => void
  }>((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        ...(declaredBytes && { 'content-length': String(declaredBytes) }),
        ...(cookie && { cookie }),
      },
    })
    request.on('response', (response) => {
      let text = ''
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text,
          abort: () => request.destroy(),
        }),
      )
    })
    request.on('error', reject)
    request.write(head)
  })
}

/** Whether some heavy job has its turn now. */
const isSlotTaken = () => server.deps.heavyWork.isBusy()

/** Waits until no heavy job has its turn, then makes a backup of org B. */
async function waitForFreeSlot() {
  await expect.poll(isSlotTaken, { interval: 50, timeout: 10_000 }).toBe(false)
  return bRoot.post('/api/admin/backup', { format: 'json' })
}

beforeAll(async () => {
  // Built before any connection: deflating 186 MiB takes seconds.
  bomb = buildSharedStringsBomb()
  server = await startTestServer()
  root = await signInFirstSuperadminWithGoldEstates(server)
  bRoot = await signInOtherOrganisationOwner(server)
  const team = await addSellers(server, root, { anna: 'Anna Veelverkoper', bart: 'Bart Gewoon' })
  Object.assign(sellerIds, team.ids)
  seller = await team.signIn('bart', 'SELLER')
}, 60_000)
afterAll(() => server?.close())

describe('an uploaded sheet is bounded while it unpacks', () => {
  test.each([
    ['declares its size', false],
    ['lies about its size in the central directory', true],
  ])(
    'a workbook of about 570 KB whose shared strings unpack to 186 MiB (%s) is refused with 413; nothing is imported',
    async (_name, lies) => {
      expect(bomb.length).toBeLessThan(600 * 1024)
      const started = Date.now()
      const answer = await upload(root, lies ? lieAboutSizes(bomb) : bomb)
      expect(answer.status).toBe(413)
      expect((await answer.json()).message).toBe(
        'Het .xlsx-bestand is uitgepakt te groot (maximaal 16 MB uitgepakt)',
      )
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(countSales()).toBe(0)
      expect((await root.get('/api/gold-estates/sales')).json).toEqual([])
    },
    30_000,
  )

  test.each(['1000000000', '1e9', '50001'])(
    'a workbook of a few hundred bytes with a row numbered %s is refused with 413 naming the row limit',
    async (rowNumber) => {
      const answer = await upload(root, buildFarRowWorkbook(rowNumber))
      expect(answer.status).toBe(413)
      expect((await answer.json()).message).toBe(
        'Het bestand heeft te veel rijen (maximaal 50.000)',
      )
      expect(countSales()).toBe(0)
    },
  )

  test('two filled cells spanning more than 500.000 cells (A1 and XFD40) are refused with 413', async () => {
    const answer = await upload(root, buildWideWorkbook('XFD40'))
    expect(answer.status).toBe(413)
    expect((await answer.json()).message).toBe(
      'Het bestand heeft te veel cellen (maximaal 500.000, bijvoorbeeld 10.000 rijen van 50 kolommen)',
    )
  })

  test('a CSV of more cells or more rows than the limits is refused with 413; nothing is imported', async () => {
    const wide = await uploadCsv(root, `Klantnaam;${';'.repeat(600_000)}\n`)
    expectRefusal(wide, 413, /te veel cellen \(maximaal 500\.000/)
    const long = await uploadCsv(root, `Klantnaam\n${'Klant\n'.repeat(60_000)}`)
    expectRefusal(long, 413, 'Het bestand heeft te veel rijen (maximaal 50.000)')
    expect(countSales()).toBe(0)
  })

  test('a normal sheet of 3,000 sales still imports', async () => {
    const answer = await upload(bRoot, buildSalesSheet('Klant', 3000))
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ salesImported: 3000, errors: [] })
    expect(countSales('org-b')).toBe(3000)
  }, 60_000)
})

describe('a restore body is bounded where it is parsed', () => {
  // JSON.parse holds about 30 times a text of empty objects: each refusal below comes
  // before such a text is parsed, and leaves the organisation as it was.
  const emptyObjects = (megabytes: number) =>
    `[${'{},'.repeat(Math.floor((megabytes * 1024 * 1024) / 3))}{}]`

  /** Posts a restore body; the answer may come (and the socket close) before it is sent. */
  const postRestore = (body: string) =>
    new Promise<{ status: number; message: string }>((resolve, reject) => {
      const request = http.request(`${server.url}/api/admin/restore`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', cookie: cookieOf(root) },
      })
      let answered = false
      request.on('response', (response) => {
        answered = true
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, message: JSON.parse(text).message }),
        )
      })
      request.on('error', (error) => {
        if (!answered) reject(error)
      })
      request.end(body)
    })

  test('a backup in another layout than one row per line, over 2 MiB, is refused', async () => {
    const answer = await postRestore(
      `{"format":"centraal-backup","formatVersion":2,"tables":{"users":{"columns":[],"rows":${emptyObjects(3)}}}}`,
    )
    expect(answer.status).toBe(400)
    expect(answer.message).toBe(
      'Ongeldige backup: een backup die niet één rij per regel heeft mag hoogstens 2 MiB zijn',
    )
    expect((await root.get('/api/auth/user')).status).toBe(200)
  })

  test('one line of over 2 MiB in the one-row-per-line layout is refused', async () => {
    const answer = await postRestore(
      `{"format":"centraal-backup","formatVersion":2,"tables":{\n"users":{"columns":[],"rows":[\n${emptyObjects(3)}\n]}\n}}`,
    )
    expect(answer.status).toBe(400)
    expect(answer.message).toBe('Ongeldige backup: een regel is te lang')
    expect((await root.get('/api/auth/user')).status).toBe(200)
  })
})

describe('one heavy job at a time in the whole process, the others waiting', () => {
  test("while one organisation's import runs, another organisation's heavy call waits its turn and its further ones hear 429 with Retry-After", async () => {
    const importing = upload(bRoot, buildSalesSheet('Tweede klant'))
    await expect.poll(isSlotTaken, { interval: 20, timeout: 10_000 }).toBe(true)
    const csv = 'Klantnaam;Project;Verkoopdatum;Verkoopprijs;Commissie %;Verkoper;Bouwnummer\n'
    const waiting = uploadCsv(root, `${csv}Klant X;Plein;01-02-2025;300000;2;Vera Wacht;X-1\n`)
    await expect
      .poll(() => server.deps.heavyWork.placeOf('default-org'), { interval: 20, timeout: 10_000 })
      .toBe(2)
    // One job per organisation in the queue: its other heavy calls are refused meanwhile,
    // a SELLER's own statement too (made in the worker: decision 049), so one asking for it
    // in a loop holds no statements in memory.
    const answers = await Promise.all([
      root.post('/api/admin/backup', { format: 'json' }),
      root.get(`/api/gold-estates/statements?${THIS_YEAR}`),
      root.post('/api/admin/restore', {}),
      seller.get(`/api/gold-estates/statements/${sellerIds.bart}?${THIS_YEAR}`),
    ])
    const stillImporting = server.deps.heavyWork.placeOf('org-b') === 1
    for (const answer of answers) {
      expectRefusal(
        answer,
        429,
        'Er loopt of wacht al een restore, import, backup of afrekeningen-download van deze organisatie. Probeer het opnieuw als die klaar is.',
      )
      expect(answer.headers.get('retry-after')).toBe('15')
    }
    expect(stillImporting).toBe(true)
    expect(countSales()).toBe(0)
    const imported = await importing
    expect(imported.status).toBe(200)
    expect(await imported.json()).toMatchObject({ salesImported: 8000 })
    // Then the waiting import has its turn.
    const second = await waiting
    expect(second.status).toBe(200)
    expect(second.json).toMatchObject({ salesImported: 1, errors: [] } satisfies PartOf<
      InferResponseType<TypedApi['gold-estates']['sheets']['import']['$post'], 200>
    >)
    expect(countSales()).toBe(1)
    expect(isSlotTaken()).toBe(false)
    expect((await root.post('/api/admin/backup', { format: 'json' })).status).toBe(200)
  }, 60_000)

  test('a restore whose body arrives slowly holds up no one', async () => {
    const slow = http.request(`${server.url}/api/admin/restore`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', cookie: cookieOf(root) },
    })
    slow.on('error', () => undefined)
    slow.write('{"format":"centraal-backup","formatVersion":2,"tables":{\n')
    try {
      // It is arriving, and yet has no turn: the queue is free for org B.
      await expect.poll(() => server.deps.heavyWork.isArriving('default-org')).toBe(true)
      expect(isSlotTaken()).toBe(false)
      expect((await bRoot.post('/api/admin/backup', { format: 'json' })).status).toBe(200)
    } finally {
      slow.destroy()
    }
  })
})

describe('the statements zip', () => {
  beforeAll(async () => {
    const project = await root.post('/api/gold-estates/projects', { name: 'Havenkwartier' })
    const sale = await root.post(
      '/api/gold-estates/sales',
      buildSalePayload({
        projectId: (project.json as Project).id,
        salePrice: 40_000_000,
        commissionPercentage: 2,
        saleDate: `${today.slice(0, 4)}-01-02`,
        lines: [
          { sellerId: sellerIds.anna, percentage: 50 },
          { sellerId: sellerIds.bart, percentage: 50 },
        ],
      }),
    )
    expect(sale.status).toBe(201)
    const lines = await (
      await typedClient(server.url, root.cookies)['gold-estates'].commissions.$get()
    ).json()
    for (const line of lines) {
      const paid = await root.post(`/api/gold-estates/commissions/${line.id}/payments`, {
        amount: 100,
        paidOn: today,
        note: null,
      })
      expect(paid.status).toBe(201)
    }
    // 5,000 more parts for Anna, written beside the server: 5,001 lines are one over the
    // per-statement cap, and 5,000 REST calls would only slow the test down.
    const db = openOrganisationFile(server.dataDir)
    insertBulkPaymentParts(db, sellerIds.anna, { isDeleted: false })
    db.close()
  }, 60_000)

  test('one seller over the per-seller cap is left out alone: the zip holds the others and names that seller', async () => {
    const response = await fetch(`${server.url}/api/gold-estates/statements?${THIS_YEAR}`, {
      headers: { cookie: cookieOf(root) },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-statements-left-out-count')).toBe('1')
    expect(
      JSON.parse(decodeURIComponent(response.headers.get('x-statements-left-out') ?? '')),
    ).toEqual(['Anna Veelverkoper'])
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    const names = Object.keys(files)
    expect(names).toContain(`afrekening-bart-gewoon-${today.slice(0, 4)}-01-01-${today}.pdf`)
    expect(names.some((name) => name.includes('anna'))).toBe(false)
    expect(strFromU8(files['niet-opgenomen.txt'] as Uint8Array)).toBe(
      'Deze afrekeningen zitten niet in de zip:\r\n- Anna Veelverkoper: te veel regels (5.001, maximaal 5.000 per afrekening); download deze afrekening apart met een kortere periode\r\n',
    )
    // The zip gave the slot back once it was read.
    expect((await waitForFreeSlot()).status).toBe(200)
  }, 60_000)

  test('a SELLER gets 403 and no one else waits for it', async () => {
    const answer = await seller.get(`/api/gold-estates/statements?${THIS_YEAR}`)
    expect(answer.status).toBe(403)
    expect((await bRoot.post('/api/admin/backup', { format: 'json' })).status).toBe(200)
  })
})

describe('rights come before any upload is read', () => {
  test('an outsider hears 401 on every heavy route while the body is still arriving', async () => {
    for (const path of ['/api/admin/restore', '/api/gold-estates/sheets/import']) {
      const answer = await sendUnfinished(path, '', '{"format":"centraal-backup"', 5_000_000)
      answer.abort()
      expect(answer.status).toBe(401)
    }
    expect(
      (await createClient(server.url).post('/api/admin/backup', { format: 'json' })).status,
    ).toBe(401)
    const stranger = createClient(server.url)
    expect((await stranger.get(`/api/gold-estates/statements?${THIS_YEAR}`)).status).toBe(401)
    expect(
      (await stranger.post('/api/gold-estates/sheets/sync', { spreadsheetId: 'x'.repeat(20) }))
        .status,
    ).toBe(401)
    expect((await stranger.post('/api/backup/google-drive/run')).status).toBe(401)
  })

  test('a stranger who registers, and a USER of the organisation, hear 403 and take no slot', async () => {
    const registered = createClient(server.url)
    await registered.post('/api/auth/register/email', {
      name: 'Vreemde Eend',
      email: 'vreemd@example.com',
      password: 'lang genoeg 1',
      organizationId: 'default-org',
    })
    const login = await registered.post('/api/auth/login/email', {
      email: 'vreemd@example.com',
      password: 'lang genoeg 1',
    })
    const user = await signInInvitedUser(server, { email: 'user@example.com', role: 'USER' })
    for (const client of login.status === 200 ? [registered, user] : [user]) {
      const restore = await sendUnfinished('/api/admin/restore', cookieOf(client), '{', 5_000_000)
      restore.abort()
      expect(restore.status).toBe(403)
      expect((await client.post('/api/admin/backup', { format: 'json' })).status).toBe(403)
      expect((await client.post('/api/backup/google-drive/run')).status).toBe(403)
      expect((await upload(client, bomb)).status).toBe(401)
    }
    expect((await root.post('/api/admin/backup', { format: 'json' })).status).toBe(200)
  })

  test('a SELLER hears 403 on the import while the body is still arriving, and the bomb changes nothing', async () => {
    const answer = await sendUnfinished(
      '/api/gold-estates/sheets/import',
      cookieOf(seller),
      'PK',
      bomb.length,
    )
    answer.abort()
    expect(answer.status).toBe(403)
    expect((await upload(seller, bomb)).status).toBe(403)
    expect(countSales()).toBe(2)
  })

  test("another organisation's ADMIN acts only in their own: no Gold Estates session there, no right to restore", async () => {
    const bAdmin = await signInInvitedUser(server, {
      email: 'admin@b.example',
      role: 'ADMIN',
      org: 'org-b',
    })
    expect((await upload(bAdmin, bomb)).status).toBe(401)
    const restore = await sendUnfinished('/api/admin/restore', cookieOf(bAdmin), '{', 5_000_000)
    restore.abort()
    expect(restore.status).toBe(403)
    // Nothing of organisation A changed, and the slot is free for it.
    expect(countSales()).toBe(2)
    expect((await root.post('/api/admin/backup', { format: 'json' })).status).toBe(200)
  })
})
