import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { SALES_SHEET_HEADER } from '../support/sales-sheet.ts'
import { startSheetsStandIn } from '../support/sheets-stand-in.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  newAppContext,
  PHONE,
  screenshot,
  waitForToast,
} from './page-helpers.ts'

// The sheets-sync screen against the local Sheets stand-in: the ID check, the sheet's title
// and tabs, a 10-row preview, the sync with its counts and row errors, on desktop and phone.

const SHEET_ID = '1ScreenTestSheet_abcdefghij'
let standIn: Awaited<ReturnType<typeof startSheetsStandIn>>
let server: TestServer
let browser: Browser
let context: BrowserContext
let page: Page

function buildSheet() {
  const values = [[...SALES_SHEET_HEADER]]
  for (let index = 1; index <= 25; index++) {
    values.push([
      `Familie Klant ${index}`,
      index % 2 ? 'Havenkwartier' : 'Zuidpark',
      `${String((index % 28) + 1).padStart(2, '0')}-03-2026`,
      `€ ${300 + index}.500,00`,
      '2,5%',
      index % 3 ? 'Sanne Setter' : 'Cor Closer',
      `HK-${index}`,
    ])
  }
  values[7]![3] = 'op aanvraag'
  values[12]![2] = '31-02-2026'
  return values
}

beforeAll(async () => {
  standIn = await startSheetsStandIn()
  standIn.putSpreadsheet(SHEET_ID, {
    title: 'Verkopen voorjaar',
    sheets: [
      { title: 'Sheet1', values: buildSheet() },
      { title: 'Archief 2025', values: [] },
    ],
  })
  server = await startTestServer({
    GOOGLE_SERVICE_ACCOUNT_JSON: standIn.serviceAccountJson,
    GOOGLE_API_ROOT: standIn.url,
  })
  browser = await connectBrowser()
  // Signed in and launched through the API; the browser gets the same session cookies.
  const api = await signInFirstSuperadminWithGoldEstates(server)
  context = await newAppContext(browser, server.url, DESKTOP, { serviceWorker: false })
  await context.addCookies(
    [...api.cookies].map(([name, value]) => ({ name, value, url: server.url, httpOnly: true })),
  )
  page = await context.newPage()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await standIn?.close()
})

test('preview shows 10 rows and the sync shows its counts and row errors', async () => {
  await page.goto('/gold-estates/sheets-sync')
  // A fresh context first opens its local database.
  await page
    .getByRole('heading', { level: 1, name: 'Google Sheets sync' })
    .waitFor({ timeout: 30_000 })
  await page.getByText(standIn.clientEmail).waitFor()

  // No ID: the documented toast, and nothing is sent.
  await page.getByRole('button', { name: 'Voorbeeld tonen' }).click()
  expect(await waitForToast(page, 'Spreadsheet ID vereist')).toContain(
    'Voer een geldig Google Sheets ID in.',
  )

  await page.getByLabel('Spreadsheet ID').fill(SHEET_ID)
  await page.getByText('Verkopen voorjaar').waitFor()
  await page.getByRole('button', { name: 'Archief 2025' }).waitFor()

  await page.getByRole('button', { name: 'Voorbeeld tonen' }).click()
  await page.getByText('Eerste 10 van 25 rijen').waitFor()
  const table = page.getByRole('table')
  expect(await table.locator('tbody tr').count()).toBe(10)
  expect(await table.locator('thead th').allTextContents()).toEqual(SALES_SHEET_HEADER)
  const toggle = page.getByRole('button', { name: 'Voorbeeld verbergen' })
  expect(await toggle.getAttribute('aria-pressed')).toBe('true')
  expect(await hasHorizontalOverflow(page)).toBe(false)

  // Started from the keyboard.
  await page.getByRole('button', { name: 'Sync starten' }).focus()
  await page.keyboard.press('Enter')
  expect(await waitForToast(page, 'Sync voltooid')).toContain(
    '23 verkopen geïmporteerd, 2 projecten en 2 verkopers aangemaakt',
  )
  const result = page.getByRole('status').filter({ hasText: 'Commissies aangemaakt' })
  expect((await result.textContent())?.replace(/\s+/g, ' ')).toContain(
    'Verkopen geïmporteerd23Al eerder geïmporteerd0Projecten aangemaakt2Verkopers aangemaakt2Commissies aangemaakt23',
  )
  const errors = page.getByRole('alert').filter({ hasText: 'rijen niet geïmporteerd' })
  expect(await errors.locator('li').allTextContents()).toEqual([
    'Rij 8: verkoopprijs "op aanvraag" is geen geldig bedrag',
    'Rij 13: verkoopdatum "31-02-2026" is geen bestaande datum',
  ])
  expect(await hasHorizontalOverflow(page)).toBe(false)
  // The toast is fixed to the viewport; closed, the full-page picture shows the page.
  await page
    .getByRole('region', { name: /Meldingen/ })
    .getByRole('button', { name: 'Sluiten' })
    .click()
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await screenshot(page, 'sales-sheets-sync')

  await page.setViewportSize(PHONE)
  await page.getByRole('heading', { level: 1, name: 'Google Sheets sync' }).waitFor()
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'sales-sheets-sync')

  // The same import from a file, chosen with the Dutch file button.
  const csv =
    'Klantnaam;Project;Verkoopdatum;Verkoopprijs;Commissie %;Verkoper;Bouwnummer\n' +
    'Familie Bestand;Zuidpark;01-04-2026;€ 410.000;2;Cor Closer;ZP-9\n'
  await page.getByLabel('Bestand (.csv of .xlsx)').setInputFiles({
    name: 'verkopen.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
  await page.getByText('verkopen.csv').waitFor()
  await page.getByRole('button', { name: 'Bestand importeren' }).click()
  expect(await waitForToast(page, 'Import voltooid')).toContain('1 verkopen geïmporteerd')
  await page.getByText('Import van verkopen.csv voltooid').waitFor()
})

test('while a restore runs elsewhere the import waits showing its place, then imports; a bomb is refused by its limit', async () => {
  const header = 'Klantnaam;Project;Verkoopdatum;Verkoopprijs;Commissie %;Verkoper;Bouwnummer\n'
  for (const [index, viewport] of [PHONE, DESKTOP].entries()) {
    await page.setViewportSize(viewport)
    // Another organisation's heavy job (a restore, an import) has the process's turn.
    const release = await server.deps.heavyWork.take('another-org')
    try {
      await page.getByLabel('Bestand (.csv of .xlsx)').setInputFiles({
        name: `later-${index}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `${header}Familie Later;Zuidpark;02-04-2026;€ 420.000;2;Cor Closer;ZP-1${index}\n`,
        ),
      })
      await page.getByRole('button', { name: 'Bestand importeren' }).click()
      await page.getByText('In de wachtrij: plaats 2').waitFor()
      await screenshot(page, 'sales-import-waiting', { fullPage: false })
    } finally {
      release()
    }
    expect(await waitForToast(page, 'Import voltooid')).toContain('1 verkopen geïmporteerd')
    await page.getByText('In de wachtrij: plaats 2').waitFor({ state: 'detached' })
  }
  // Too many rows for one file: refused whole with the limit, nothing imported.
  await page.getByLabel('Bestand (.csv of .xlsx)').setInputFiles({
    name: 'te-lang.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Klantnaam\n${'Klant\n'.repeat(60_000)}`),
  })
  await page.getByRole('button', { name: 'Bestand importeren' }).click()
  expect(await waitForToast(page, 'Import mislukt')).toContain(
    'Het bestand heeft te veel rijen (maximaal 50.000)',
  )
}, 60_000)
