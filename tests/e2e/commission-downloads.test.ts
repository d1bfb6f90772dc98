import { readFileSync } from 'node:fs'
import { unzipSync } from 'fflate'
import type { Browser, BrowserContext, Download, Page } from 'playwright-core'
import { readSheet } from 'read-excel-file/node'
import { extractText } from 'unpdf'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInNewOrganisation } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { buildSalePayload } from '../support/sales.ts'
import { insertBulkPaymentParts, openOrganisationFile } from '../support/sqlite.ts'
import type { TestServer } from '../support/test-server.ts'
import { DESKTOP, PHONE, saveDownload, screenshot, waitForToast } from './page-helpers.ts'
import { useSharedServer } from './shared-server.ts'

// The commission screen's downloads in the built app, under the server's
// Content-Security-Policy: the sales list as filtered on screen, every page of it, as CSV
// and as XLSX (large enough that the XLSX zip runs in a worker), and the payout statements
// of the screen's period as PDF and zip. Offline the export still works and the statements
// wait for a connection.

let server: TestServer
let browser: Browser
let context: BrowserContext
let page: Page
let organisationId: string
const SALES_PER_PROJECT = { Havenkwartier: 400, Zuidpark: 100 }
const sellers: { id: string; name: string }[] = []

beforeAll(async () => {
  server = await useSharedServer()
  browser = await connectBrowser()
  const organisation = await signInNewOrganisation(server)
  const { api } = organisation
  organisationId = organisation.organisationId
  expect((await api.post('/api/admin/launch-gold-estates')).status).toBe(200)
  for (const name of ['Anna Jansen', 'Bram de Vries']) {
    const created = await api.post('/api/gold-estates/sellers', { name })
    sellers.push(created.json)
  }
  let number = 0
  for (const [name, count] of Object.entries(SALES_PER_PROJECT)) {
    const project = (await api.post('/api/gold-estates/projects', { name })).json
    const create = async (index: number, clientNumber: number) => {
      const sale = buildSalePayload({
        projectId: project.id,
        clientName: `Klant ${clientNumber}`,
        propertyNumber: `${name.slice(0, 2).toUpperCase()}-${index + 1}`,
        salePrice: 30_000_000 + clientNumber * 100,
        commissionPercentage: 2,
        lines: sellers.map((seller) => ({ sellerId: seller.id, percentage: 50 })),
      })
      expect((await api.post('/api/gold-estates/sales', sale)).status).toBe(201)
    }
    // Ten at a time, the project's last one alone after them: it is its newest sale.
    for (let index = 0; index < count - 1; index += 10) {
      const batch = Array.from({ length: Math.min(10, count - 1 - index) }, (_, at) => index + at)
      await Promise.all(batch.map((each) => create(each, number + each + 1)))
    }
    await create(count - 1, number + count)
    number += count
  }
  // One paid line per seller: each has something on this period's statement.
  const lines = (await api.get('/api/gold-estates/commissions')).json as {
    id: string
    sellerId: string
  }[]
  for (const seller of sellers) {
    const line = lines.find((candidate) => candidate.sellerId === seller.id)!
    const paid = await api.request('PATCH', `/api/gold-estates/commissions/${line.id}`, {
      status: 'paid',
    })
    expect(paid.status).toBe(200)
  }

  context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url, locale: 'nl-NL' })
  context.setDefaultTimeout(20_000)
  await context.addInitScript(() => {
    const violations: string[] = []
    const workers: string[] = []
    Object.assign(window, { cspViolations: violations, startedWorkers: workers })
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
    const NativeWorker = window.Worker
    window.Worker = class extends NativeWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options)
        workers.push(String(url))
      }
    }
  })
  const host = new URL(server.url).hostname
  await context.addCookies(
    [...api.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/' })),
  )
  page = await context.newPage()
  await page.goto('/gold-estates/commissions')
  await page.getByRole('heading', { level: 1, name: 'Commissie Dashboard' }).waitFor({
    timeout: 30_000,
  })
  // Every sale has replicated into the local database.
  await page.getByText('500', { exact: true }).first().waitFor({ timeout: 30_000 })
}, 180_000)

afterAll(async () => {
  await browser?.close()
})

async function download(trigger: () => Promise<void>): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger()])
  return file
}

async function exportAs(format: 'CSV' | 'Excel (XLSX)') {
  await page.getByRole('button', { name: 'Exporteren' }).click()
  return download(() => page.getByRole('menuitem', { name: format }).click())
}

/** The downloads at the top and the statement buttons of "Per verkoper", as seen. */
async function shoot(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name, { fullPage: false })
  await page.getByRole('region', { name: 'Per verkoper' }).scrollIntoViewIfNeeded()
  await screenshot(page, `${name}-per-seller`, { fullPage: false })
}

const bytesOf = async (file: Download) => new Uint8Array(readFileSync(await saveDownload(file)))

test('the export holds every sale of the filter, on every page, as CSV and XLSX', async () => {
  await page.getByLabel('Project', { exact: true }).selectOption({ label: 'Havenkwartier' })
  await page.getByText('400', { exact: true }).first().waitFor()
  const csvFile = await exportAs('CSV')
  expect(csvFile.suggestedFilename()).toMatch(/^verkopen-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
  const csvBytes = await bytesOf(csvFile)
  // UTF-8 with a byte order mark, which TextDecoder takes off.
  expect([...csvBytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const csv = new TextDecoder().decode(csvBytes)
  const csvRows = csv.split('\r\n').filter(Boolean)
  // A header, then per sale its row and a row for each of its two lines.
  expect(csvRows).toHaveLength(1 + 400 * 3)
  expect(csvRows[0]).toBe(
    '"Datum";"Klant";"Project";"Bouwnummer";"Verkoopprijs";"Commissie %";"Commissie";"Verkoper";"Rol";"Soort";"Bedrag";"Status";"Plan";"Trede";"Toelichting"',
  )
  expect(csvRows.filter((row) => row.includes(';"Zuidpark";'))).toEqual([])

  const xlsxFile = await exportAs('Excel (XLSX)')
  expect(xlsxFile.suggestedFilename()).toMatch(/\.xlsx$/)
  const rows = await readSheet(Buffer.from(await bytesOf(xlsxFile)))
  expect(rows).toHaveLength(1 + 400 * 3)
  // The newest sale first, as on screen: Klant 400, € 300.400,00 at 2%.
  expect(rows[1]?.slice(1, 7)).toEqual([
    'Klant 400',
    'Havenkwartier',
    'HA-400',
    300_400,
    2,
    expect.any(Number),
  ])
  expect(rows[2]?.slice(7, 12)).toEqual([
    'Anna Jansen',
    null,
    'Commissie',
    expect.any(Number),
    'In behandeling',
  ])
  // The sheet was big enough for the zip to run in a worker, and nothing was refused.
  const seen = await page.evaluate(() => {
    const recorded = window as unknown as Record<'startedWorkers' | 'cspViolations', string[]>
    return { startedWorkers: recorded.startedWorkers, cspViolations: recorded.cspViolations }
  })
  expect(seen.startedWorkers.some((url) => url.startsWith('blob:'))).toBe(true)
  expect(seen.cspViolations).toEqual([])
  await shoot('commission-downloads')
}, 60_000)

test("the statements of the screen's period: everyone's as a zip, one seller's as a PDF", async () => {
  const zip = await download(() =>
    page.getByRole('button', { name: 'Alle afrekeningen (zip)' }).click(),
  )
  expect(zip.suggestedFilename()).toMatch(/^afrekeningen-.*\.zip$/)
  const files = unzipSync(await bytesOf(zip))
  expect(Object.keys(files).sort()).toEqual([
    expect.stringMatching(/^afrekening-anna-jansen-/),
    expect.stringMatching(/^afrekening-bram-de-vries-/),
  ])
  const pdf = await download(() =>
    page.getByRole('button', { name: 'Afrekening (PDF) Bram de Vries' }).click(),
  )
  expect(pdf.suggestedFilename()).toMatch(/^afrekening-bram-de-vries-.*\.pdf$/)
  const { text } = await extractText(await bytesOf(pdf), { mergePages: true })
  expect(text).toContain('Verkoper: Bram de Vries')
}, 60_000)

test('offline the export still works; the statements wait for a connection', async () => {
  await context.setOffline(true)
  try {
    const all = page.getByRole('button', { name: 'Alle afrekeningen (zip)' })
    await expect.poll(() => all.isDisabled()).toBe(true)
    expect(await all.getAttribute('title')).toBe('Een internetverbinding is nodig om te downloaden')
    expect(
      await page.getByRole('button', { name: 'Afrekening (PDF) Anna Jansen' }).isDisabled(),
    ).toBe(true)
    const csv = await exportAs('CSV')
    expect(csv.suggestedFilename()).toMatch(/\.csv$/)
  } finally {
    await context.setOffline(false)
  }
  await page.setViewportSize(PHONE)
  await shoot('commission-downloads')
}, 60_000)

test('while another heavy job runs the zip waits showing its place, then downloads; a seller over the cap is left out by name', async () => {
  // Another organisation's heavy job (a restore, an import) has the process's turn.
  const release = await server.deps.heavyWork.take('another-org')
  let waiting: Promise<Download> | undefined
  try {
    waiting = download(() => page.getByRole('button', { name: 'Alle afrekeningen (zip)' }).click())
    await page.getByText('In de wachtrij: plaats 2').waitFor()
    await screenshot(page, 'statements-zip-waiting', { fullPage: false })
  } finally {
    release()
  }
  const zip = await waiting
  expect(Object.keys(unzipSync(await bytesOf(zip)))).toContainEqual(
    expect.stringMatching(/^afrekening-bram-de-vries-/),
  )
  await page.getByText('In de wachtrij: plaats 2').waitFor({ state: 'detached' })
  // Anna gets 5,000 more payment parts, written beside the server: one over the cap.
  const db = openOrganisationFile(server.dataDir, organisationId)
  insertBulkPaymentParts(db, sellers[0]!.id, { isDeleted: true })
  // Written deleted first, so no device pulls them; then counted on the statement.
  db.prepare("update commission_payments set deleted = 0 where id like 'bulk-%'").run()
  db.close()
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await expect
      .poll(async () => {
        const zip = await download(() =>
          page.getByRole('button', { name: 'Alle afrekeningen (zip)' }).click(),
        )
        return Object.keys(unzipSync(await bytesOf(zip))).sort()
      })
      .toEqual([expect.stringMatching(/^afrekening-bram-de-vries-/), 'niet-opgenomen.txt'])
    expect(await waitForToast(page, '1 afrekening niet in de zip')).toContain(
      'Te veel regels voor één afrekening: Anna Jansen. Download die apart met een kortere periode',
    )
    await screenshot(page, 'statements-zip-left-out', { fullPage: false })
  }
}, 90_000)
