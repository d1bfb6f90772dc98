import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { calculateCommission } from '#schema/commission'
import {
  signInFirstSuperadmin,
  signInFirstSuperadminWithGoldEstates,
  signInNewSeller,
  signInOtherOrganisationOwner,
} from '../support/accounts.ts'
import type { Pulled } from '../support/answers.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, createClient } from '../support/http.ts'
import { startSheetsStandIn } from '../support/sheets-stand-in.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'
import { buildXlsx } from '../support/xlsx.ts'

type SheetData = InferResponseType<TypedApi['gold-estates']['sheets']['data']['$get'], 200>
type Projects = InferResponseType<TypedApi['gold-estates']['projects']['$get'], 200>
type Sheets = TypedApi['gold-estates']['sheets']
type SheetInfo = InferResponseType<Sheets['info']['$get'], 200>
type SheetsStatus = InferResponseType<Sheets['status']['$get'], 200>
type Synced = InferResponseType<Sheets['sync']['$post'], 200>
type Imported = InferResponseType<Sheets['import']['$post'], 200>

// The sales import: Google Sheets through a local stand-in (real paths, JSON and JWT
// bearer grant), and .csv/.xlsx uploads on a server without any Google configuration.

type StandIn = Awaited<ReturnType<typeof startSheetsStandIn>>

const SHEET_ID = '1BigSalesSheet_abcdefghijklmnop'
const ROWS = 1000
const HEADER = [
  'Klantnaam',
  'Project',
  'Verkoopdatum',
  'Opleverdatum',
  'Verkoopprijs',
  'Commissie %',
  'Verkoper',
  'Bouwnummer',
  'E-mail',
]

// Row i of the sheet is row i + 2 (the header is row 1). Every 50th row, from the 8th,
// is wrong in one of these ways, with the reason the result must name.
const DEFECTS: { change: (row: string[]) => void; reason: string }[] = [
  {
    change: (row) => (row[2] = '31-02-2025'),
    reason: 'verkoopdatum "31-02-2025" is geen bestaande datum',
  },
  {
    change: (row) => (row[4] = 'veel geld'),
    reason: 'verkoopprijs "veel geld" is geen geldig bedrag',
  },
  { change: (row) => (row[0] = ''), reason: 'klantnaam ontbreekt' },
  { change: (row) => (row[5] = '150%'), reason: 'commissie % "150%" ligt niet tussen 0 en 100' },
  { change: (row) => (row[6] = ''), reason: 'verkoper ontbreekt' },
  {
    change: (row) => (row[8] = 'geen-mail'),
    reason: 'e-mail klant: Voer een geldig e-mailadres in',
  },
  {
    change: (row) => (row[3] = '2025-13-01'),
    reason: 'opleverdatum "2025-13-01" is geen bestaande datum',
  },
  { change: (row) => (row[6] = 'X'), reason: 'verkoper: Naam moet minimaal 2 karakters zijn' },
]
const isBad = (index: number) => index % 50 === 7
const DATES = ['15-03-2025', '2025-03-15', '45731', '15/03/2025']
const PRICES = ['€ 345.000,00', '345000', '345,000.00', '€345000']

function buildSheet() {
  const values: string[][] = [[...HEADER, ...Array(17).fill(''), 'Label']]
  const expected: string[] = []
  for (let index = 0; index < ROWS; index++) {
    const row = [
      `Klant ${index}`,
      // 'havenkwartier' exists already as 'Havenkwartier': matched, not created again.
      index % 5 === 0 ? 'havenkwartier ' : `Project ${index % 5}`,
      DATES[index % DATES.length] ?? '',
      index % 3 ? '' : '01-06-2026',
      PRICES[index % PRICES.length] ?? '',
      '2,5%',
      // 'Verkoper 0' exists already (a closer): matched case-insensitively.
      index % 7 === 0 ? 'VERKOPER 0' : `Verkoper ${index % 7}`,
      `B-${index}`,
      `klant${index}@example.com`,
    ]
    // Column AA (index 26): the project label, read by position beyond the A:Z range.
    const withLabel = [...row, ...Array(17).fill(''), index % 2 ? 'Nieuwbouw' : 'Bestaand']
    if (isBad(index)) {
      const defect = DEFECTS[Math.floor(index / 50) % DEFECTS.length]!
      defect.change(withLabel)
      expected.push(`Rij ${index + 2}: ${defect.reason}`)
    }
    values.push(withLabel)
  }
  return { values, expected }
}

let standIn: StandIn
let server: TestServer
let admin: Client
const sheet = buildSheet()

/** A sales user of this role with a sign-in made through the seller setup link. */
async function signInSalesUser(by: Client, name: string, role: 'MANAGER' | 'SELLER') {
  const email = `${name.toLowerCase().replaceAll(' ', '.')}@example.com`
  return (await signInNewSeller(server, by, { name, email, role })).client
}

function countRows(table: string, organisationId = 'default-org') {
  const db = openOrganisationFile(server.dataDir, organisationId)
  const total = db.prepare(`select count(*) from ${table} where deleted = 0`).pluck().get()
  db.close()
  return total
}

beforeAll(async () => {
  standIn = await startSheetsStandIn()
  standIn.putSpreadsheet(SHEET_ID, {
    title: 'Verkopen 2025',
    sheets: [
      { title: 'Sheet1', values: sheet.values },
      { title: 'Archief', values: [['Klantnaam'], ['Oud']] },
    ],
  })
  standIn.putSpreadsheet('1NotSharedSheet_abcdefgh', {
    title: 'Geheim',
    sheets: [],
    isShared: false,
  })
  server = await startTestServer({
    GOOGLE_SERVICE_ACCOUNT_JSON: standIn.serviceAccountJson,
    GOOGLE_API_ROOT: standIn.url,
  })
  admin = await signInFirstSuperadminWithGoldEstates(server)
  await admin.post('/api/gold-estates/projects', { name: 'Havenkwartier', label: 'Nieuwbouw' })
  await admin.post('/api/gold-estates/sellers', { name: 'Verkoper 0', role: 'closer' })
})

afterAll(async () => {
  await server?.close()
  await standIn?.close()
})

describe('spreadsheet info and data', () => {
  test('info gives the title and the tabs', async () => {
    const info = await admin.get(`/api/gold-estates/sheets/info?spreadsheetId=${SHEET_ID}`)
    expect(info.status).toBe(200)
    expect(info.json).toEqual({
      title: 'Verkopen 2025',
      sheets: [{ title: 'Sheet1' }, { title: 'Archief' }],
    } satisfies SheetInfo)
  })

  test('data gives rows keyed by the header, the default range being Sheet1!A:Z', async () => {
    const data = await admin.get(`/api/gold-estates/sheets/data?spreadsheetId=${SHEET_ID}&limit=10`)
    expect(data.status).toBe(200)
    const rows = data.json as SheetData
    expect(rows.rows).toBe(ROWS)
    expect(rows.data).toHaveLength(10)
    expect(rows.data[1]).toMatchObject({
      Klantnaam: 'Klant 1',
      Project: 'Project 1',
      Verkoopdatum: '2025-03-15',
      Verkoopprijs: '345000',
      'Commissie %': '2,5%',
    })
    // A:Z stops before column AA.
    expect(Object.keys(rows.data[0]!)).not.toContain('Label')
    const archive = await admin.get(
      `/api/gold-estates/sheets/data?spreadsheetId=${SHEET_ID}&range=${encodeURIComponent("'Archief'!A:B")}`,
    )
    expect(archive.json).toEqual({ rows: 1, data: [{ Klantnaam: 'Oud' }] } satisfies SheetData)
  })

  test('bad input is a 400 with a message, Google refusals are named', async () => {
    const missing = await admin.get('/api/gold-estates/sheets/info')
    expectRefusal(missing, 400, 'spreadsheetId: Spreadsheet ID vereist')
    const invalid = await admin.get('/api/gold-estates/sheets/info?spreadsheetId=abc')
    expectRefusal(invalid, 400, 'spreadsheetId: Voer een geldig Google Sheets ID in.')
    const range = await admin.get(
      `/api/gold-estates/sheets/data?spreadsheetId=${SHEET_ID}&range=${encodeURIComponent('A:B:C')}`,
    )
    expectRefusal(range, 400, /geldig bereik/)
    const noTab = await admin.get(
      `/api/gold-estates/sheets/data?spreadsheetId=${SHEET_ID}&range=${encodeURIComponent('Verkoop!A:Z')}`,
    )
    expectRefusal(
      noTab,
      400,
      'Google Sheets weigert het verzoek: Unable to parse range: Verkoop!A:Z',
    )
    const unknown = await admin.get(
      '/api/gold-estates/sheets/info?spreadsheetId=1UnknownSheetId_xyz',
    )
    expectRefusal(unknown, 404, 'Spreadsheet niet gevonden. Controleer het ID.')
    const unshared = await admin.get(
      '/api/gold-estates/sheets/info?spreadsheetId=1NotSharedSheet_abcdefgh',
    )
    expectRefusal(
      unshared,
      403,
      `Geen toegang tot deze spreadsheet. Deel hem (lezen) met ${standIn.clientEmail}.`,
    )
    const sync = await admin.post('/api/gold-estates/sheets/sync', { spreadsheetId: '' })
    expectRefusal(sync, 400, 'spreadsheetId: Spreadsheet ID vereist')
  })

  test('the service account signs in once and its token is reused', () => {
    const tokenRequests = standIn.requests.filter((request) => request.path === '/token')
    expect(tokenRequests).toHaveLength(1)
  })
})

describe('sync', () => {
  test(`${ROWS} rows with 20 bad ones: 980 sales and 20 named errors`, async () => {
    const started = performance.now()
    const sync = await admin.post('/api/gold-estates/sheets/sync', { spreadsheetId: SHEET_ID })
    const seconds = (performance.now() - started) / 1000
    console.log(`sync of ${ROWS} rows: ${seconds.toFixed(1)} s`)
    expect(sync.status).toBe(200)
    expect(sync.json).toEqual({
      salesImported: 980,
      salesSkipped: 0,
      projectsCreated: 4,
      sellersCreated: 6,
      commissionsCreated: 980,
      errors: sheet.expected,
    } satisfies Synced)
    expect(sheet.expected).toHaveLength(20)
    expect(countRows('sales')).toBe(980)
    expect(countRows('commissions')).toBe(980)
    expect(countRows('sales_projects')).toBe(5)
  })

  test('sales are stored as the wizard stores them: amounts, dates, labels, seq, activity', async () => {
    const db = openOrganisationFile(server.dataDir)
    const sale = db
      .prepare(
        `select s.*, p.name as project, p.label, c.commission_amount as line_amount,
           c.commission_percentage as line_percentage, c.role as line_role, c.status as line_status,
           c.expected_payment_date as payment_date, v.name as seller
         from sales s join sales_projects p on p.id = s.project_id
         join commissions c on c.sale_id = s.id join sales_sellers v on v.id = c.seller_id
         where s.client_name = ?`,
      )
      .all('Klant 14') as Record<string, unknown>[]
    const net = calculateCommission({
      salePriceCents: 34_500_000,
      commissionPercentage: 2.5,
      discountPercentage: 0,
      costsCents: 0,
      lines: [{ commissionType: 'sales', percentage: 100 }],
    }).netCents
    // Row 14: serial 45731, '345,000.00', 'VERKOPER 0' (the existing closer), Project 4.
    expect(sale).toEqual([
      expect.objectContaining({
        project: 'Project 4',
        label: 'Bestaand',
        property_number: 'B-14',
        sale_date: '2025-03-15',
        delivery_date: null,
        sale_price: 34_500_000,
        commission_percentage: 2.5,
        commission_amount: net,
        status: 'completed',
        line_amount: net,
        line_percentage: 100,
        line_role: 'closer',
        line_status: 'pending',
        payment_date: '2025-04-14',
        seller: 'Verkoper 0',
        client_email: 'klant14@example.com',
      }),
    ])
    // A delivery date is stored as given.
    expect(
      db.prepare("select sale_date, delivery_date from sales where client_name = 'Klant 6'").get(),
    ).toEqual({
      sale_date: '2025-03-15',
      delivery_date: '2026-06-01',
    })
    expect(
      db
        .prepare("select count(*) from sales_projects where lower(name) = 'havenkwartier'")
        .pluck()
        .get(),
    ).toBe(1)
    // Every replicated row has its own seq in its table, so clients pull the import; a
    // sale's is at least its last line's, so it comes with its lines (decision 013).
    for (const table of ['sales', 'commissions', 'sales_projects']) {
      const seqs = db.prepare(`select seq from ${table}`).pluck().all()
      expect(new Set(seqs).size, table).toBe(seqs.length)
    }
    expect(
      db
        .prepare(
          'select count(*) from sales s where s.seq < (select max(c.seq) from commissions c where c.sale_id = s.id)',
        )
        .pluck()
        .get(),
    ).toBe(0)
    // Every project's sold units count its sales, as after a sale in the wizard.
    expect(
      db
        .prepare(
          `select name, sold_units from sales_projects p where sold_units != (select count(*)
             from sales s where s.project_id = p.id and s.deleted = 0 and s.status != 'cancelled')`,
        )
        .all(),
    ).toEqual([])
    expect(
      db.prepare("select sold_units from sales_projects where name = 'Project 4'").pluck().get(),
    ).toBeGreaterThan(0)
    expect(
      db
        .prepare('select action, target, type from activities where action like ?')
        .all('%geïmporteerd'),
    ).toEqual([
      {
        action: '980 verkopen geïmporteerd',
        target: `Google Sheets ${SHEET_ID} (Sheet1!A:Z)`,
        type: 'sale',
      },
    ])
    db.close()
    const pulled = await admin.get('/api/sync/v1/projects/pull?checkpoint=0&limit=100')
    expect((pulled.json as Pulled).documents.map((doc) => doc.name).sort()).toEqual([
      'Havenkwartier',
      'Project 1',
      'Project 2',
      'Project 3',
      'Project 4',
    ])
  })

  test('importing the same sheet again creates nothing', async () => {
    const again = await admin.post('/api/gold-estates/sheets/sync', {
      spreadsheetId: `https://docs.google.com/spreadsheets/d/${SHEET_ID}/edit#gid=0`,
      range: 'Sheet1!A:Z',
    })
    expect(again.status).toBe(200)
    expect(again.json).toEqual({
      salesImported: 0,
      salesSkipped: 980,
      projectsCreated: 0,
      sellersCreated: 0,
      commissionsCreated: 0,
      errors: sheet.expected,
    } satisfies Synced)
    expect(countRows('sales')).toBe(980)
    expect(countRows('sales_sellers')).toBe(7)
  })
})

describe('who may import', () => {
  test('a MANAGER may; a SELLER gets 403 on every sheets call', async () => {
    const manager = await signInSalesUser(admin, 'Mia Manager', 'MANAGER')
    expect(
      (await manager.get(`/api/gold-estates/sheets/info?spreadsheetId=${SHEET_ID}`)).status,
    ).toBe(200)
    const seller = await signInSalesUser(admin, 'Sem Seller', 'SELLER')
    for (const response of [
      await seller.get(`/api/gold-estates/sheets/info?spreadsheetId=${SHEET_ID}`),
      await seller.get('/api/gold-estates/sheets/info'),
      await seller.get(`/api/gold-estates/sheets/data?spreadsheetId=${SHEET_ID}`),
      await seller.post('/api/gold-estates/sheets/sync', { spreadsheetId: SHEET_ID }),
      await seller.request('POST', '/api/gold-estates/sheets/import', 'Klantnaam\nJan', {
        'content-type': 'text/csv',
      }),
    ]) {
      expect(response.status).toBe(403)
    }
    expect((await createClient(server.url).get('/api/gold-estates/sheets/status')).status).toBe(401)
  })

  test('an org-B session imports into org B only and sees nothing of org A', async () => {
    const bRoot = await signInOtherOrganisationOwner(server)
    expect((await bRoot.get('/api/gold-estates/sales')).json).toEqual([])
    // Org A's import keys are not org B's: the same rows are new there.
    const csv = `${HEADER.join(';')}\nKlant 1;Project 1;15-03-2025;;345000;2,5%;Verkoper 1;B-1;\n`
    const imported = await bRoot.request(
      'POST',
      '/api/gold-estates/sheets/import?fileName=b.csv',
      csv,
      {
        'content-type': 'text/csv',
      },
    )
    expect(imported.json).toMatchObject({
      salesImported: 1,
      projectsCreated: 1,
      sellersCreated: 1,
    } satisfies PartOf<Imported>)
    expect(countRows('sales', 'org-b')).toBe(1)
    expect(countRows('sales')).toBe(980)
    expect(
      ((await bRoot.get('/api/gold-estates/projects')).json as Projects).map((p) => p.name),
    ).toEqual(['Project 1'])
  })
})

describe('file uploads without Google', () => {
  let plain: TestServer
  let plainAdmin: Client

  beforeAll(async () => {
    plain = await startTestServer()
    plainAdmin = await signInFirstSuperadmin(plain)
    await plainAdmin.post('/api/admin/launch-gold-estates')
  })
  afterAll(() => plain?.close())

  test('the sheets calls say Google Sheets is not configured', async () => {
    const info = await plainAdmin.get(`/api/gold-estates/sheets/info?spreadsheetId=${SHEET_ID}`)
    expectRefusal(info, 503, 'Google Sheets is niet geconfigureerd')
    const status = await plainAdmin.get('/api/gold-estates/sheets/status')
    expect(status.json).toEqual({
      googleSheets: 'off',
      serviceAccountEmail: null,
    } satisfies SheetsStatus)
  })

  test('a Dutch CSV (semicolons, quotes, decimal commas) imports; again it imports nothing', async () => {
    const csv = [
      'Klantnaam;Projectnaam;Verkoopdatum;Verkoopprijs;Commissie %;Verkoper;Bouwnummer;Notities',
      '"de Vries; Jan";Parkzicht;31-12-2025;"€ 1.234.567,89";2,5%;Sanne;P-1;"regel 1',
      'regel 2"',
      '',
      'Piet;Parkzicht;31/12/2025;€ 250.000;3;sanne;P-2;',
      'Kees;Parkzicht;2025-02-30;€ 250.000;3;Sanne;P-3;',
    ].join('\r\n')
    const upload = () =>
      plainAdmin.request('POST', '/api/gold-estates/sheets/import?fileName=verkopen.csv', csv, {
        'content-type': 'text/csv',
      })
    const first = await upload()
    expect(first.status).toBe(200)
    expect(first.json).toEqual({
      salesImported: 2,
      salesSkipped: 0,
      projectsCreated: 1,
      sellersCreated: 1,
      commissionsCreated: 2,
      errors: ['Rij 5: verkoopdatum "2025-02-30" is geen bestaande datum'],
    } satisfies Imported)
    const db = openOrganisationFile(plain.dataDir)
    expect(
      db.prepare('select client_name, sale_price, notes from sales order by sale_price desc').all(),
    ).toEqual([
      { client_name: 'de Vries; Jan', sale_price: 123_456_789, notes: 'regel 1 regel 2' },
      { client_name: 'Piet', sale_price: 25_000_000, notes: null },
    ])
    db.close()
    expect((await upload()).json).toMatchObject({
      salesImported: 0,
      salesSkipped: 2,
    } satisfies PartOf<Imported>)
  })

  test('an .xlsx upload (multipart) reads text, numbers and date cells', async () => {
    const xlsx = buildXlsx([
      [
        'Client name',
        'Project name',
        'Sale date',
        'Delivery date',
        'Sale price',
        'Commission %',
        'Seller',
        'Property number',
      ],
      ['Anna', 'Zuidas', { dateSerial: 45_992 }, '31-12-2026', 412_500.5, 2, 'Bram', 'Z-1'],
      ['Ben', 'Zuidas', '2025-12-02', null, '€ 300.000', '2,25', 'Bram', 'Z-2'],
      ['Cas', 'Zuidas', 'morgen', null, 100, 2, 'Bram', 'Z-3'],
    ])
    const form = new FormData()
    form.append('file', new Blob([xlsx]), 'verkopen.xlsx')
    const cookie = [...plainAdmin.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(`${plain.url}/api/gold-estates/sheets/import`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      salesImported: 2,
      salesSkipped: 0,
      projectsCreated: 1,
      sellersCreated: 1,
      commissionsCreated: 2,
      errors: ['Rij 4: verkoopdatum "morgen" is geen datum (gebruik dd-mm-jjjj)'],
    })
    const db = openOrganisationFile(plain.dataDir)
    expect(
      db
        .prepare(
          "select client_name, sale_date, delivery_date, sale_price, commission_percentage from sales where project_id in (select id from sales_projects where name = 'Zuidas') order by client_name",
        )
        .all(),
    ).toEqual([
      {
        client_name: 'Anna',
        sale_date: '2025-12-01',
        delivery_date: '2026-12-31',
        sale_price: 41_250_050,
        commission_percentage: 2,
      },
      {
        client_name: 'Ben',
        sale_date: '2025-12-02',
        delivery_date: null,
        sale_price: 30_000_000,
        commission_percentage: 2.25,
      },
    ])
    db.close()
  })

  test('files that cannot be read, are too large or lack columns are refused with a reason', async () => {
    const post = (body: string | Uint8Array<ArrayBuffer>, type = 'text/csv') =>
      fetch(`${plain.url}/api/gold-estates/sheets/import`, {
        method: 'POST',
        body,
        headers: {
          'content-type': type,
          cookie: [...plainAdmin.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      }).then(async (response) => ({
        status: response.status,
        json: (await response.json()) as ErrorAnswer,
      }))
    expect(await post('Klantnaam;Project\nJan;P')).toEqual({
      status: 400,
      json: {
        message:
          'Kolommen ontbreken in de eerste rij: verkoopdatum, verkoopprijs, commissie %, verkoper, bouwnummer. Namen mogen Nederlands of Engels zijn (bijv. verkoopprijs of sale price).',
        code: 'invalid_input',
      },
    })
    expect((await post('')).json.message).toBe('Het bestand is leeg')
    expect((await post(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2]))).json.message).toMatch(
      /\.xls-bestanden/,
    )
    expect((await post(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).json.message).toBe(
      'Het bestand is geen leesbaar .xlsx-bestand',
    )
    const tooLarge = await post(new Uint8Array(10 * 1024 * 1024 + 70 * 1024))
    expect(tooLarge).toEqual({
      status: 413,
      json: { message: 'Het bestand is te groot (maximaal 10 MB)', code: 'payload_too_large' },
    })
  })
})
