import { addDays } from 'date-fns/addDays'
import { format } from 'date-fns/format'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { eventually } from '../support/eventually.ts'
import type { Client } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { DESKTOP, newAppContext, waitForToast } from './page-helpers.ts'
import { openSalesScreen } from './sales-helpers.ts'

// A device whose clock is days off: once the server has answered, overdue commissions and
// a payment's date follow the server's date (its Date header), not the device's; a payment
// dated more than a day after the server's today is refused in the form, in the server's
// words.

let server: TestServer
let browser: Browser
let api: Client
const DAY_MS = 24 * 60 * 60 * 1000
/** The server runs on this machine's clock: its today is the test's. */
const serverDay = (days = 0) => format(addDays(new Date(), days), 'yyyy-MM-dd')
const sales = { dueSoon: '', late: '' }
const TOO_LATE = 'De betaaldatum mag niet meer dan een dag in de toekomst liggen.'

beforeAll(async () => {
  server = await startTestServer()
  browser = await connectBrowser()
  api = await signInFirstSuperadminWithGoldEstates(server)
  const seller = (await api.post('/api/gold-estates/sellers', { name: 'Anna Jansen' })).json
  const project = (await api.post('/api/gold-estates/projects', { name: 'Havenkwartier' })).json
  // The commission is expected on the delivery date: in three days, and three days ago.
  for (const [key, clientName, deliveryDate] of [
    ['dueSoon', 'Familie Verbeek', serverDay(3)],
    ['late', 'Familie Bakker', serverDay(-3)],
  ] as const) {
    const sale = buildSalePayload({
      projectId: project.id,
      clientName,
      salePrice: 30_000_000,
      saleDate: serverDay(-40),
      deliveryDate,
      lines: [{ sellerId: seller.id, percentage: 100 }],
    })
    const created = await api.post('/api/gold-estates/sales', sale)
    expect(created.status).toBe(201)
    sales[key] = created.json.id
  }
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A signed-in Gold Estates page on a device whose clock is `days` off the server's. */
async function openDeviceDaysOff(days: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newAppContext(browser, server.url, DESKTOP, {
    timeout: 20_000,
    serviceWorker: false,
  })
  await context.clock.install({ time: Date.now() + days * DAY_MS })
  const host = new URL(server.url).hostname
  await context.addCookies(
    [...api.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/' })),
  )
  return { context, page: await context.newPage() }
}

/** The status badge of the sale's one commission line, on the sale's screen. */
async function lineStatus(page: Page, saleId: string, clientName: string) {
  await openSalesScreen(page, `/sales/${saleId}`, clientName)
  const badge = page.locator('li[data-kind="commission"] [data-status]')
  await badge.waitFor()
  return badge
}

test('a device ten days ahead shows a commission due in three days as pending, not Achterstallig', async () => {
  const { context, page } = await openDeviceDaysOff(10)
  const badge = await lineStatus(page, sales.dueSoon, 'Familie Verbeek')
  expect(await page.evaluate(() => new Date().toISOString().slice(0, 10))).toBe(serverDay(10))
  await eventually(async () => expect(await badge.textContent()).toBe('In behandeling'))
  await context.close()
}, 90_000)

test('a device ten days behind shows a commission three days past its date as Achterstallig', async () => {
  const { context, page } = await openDeviceDaysOff(-10)
  const badge = await lineStatus(page, sales.late, 'Familie Bakker')
  await eventually(async () => expect(await badge.textContent()).toBe('Achterstallig'))
  await context.close()
}, 90_000)

test("a payment is dated the server's today by default; after tomorrow it is refused in the form", async () => {
  const { context, page } = await openDeviceDaysOff(10)
  await lineStatus(page, sales.dueSoon, 'Familie Verbeek')
  const line = page.locator('li[data-kind="commission"]')
  const dialog = page.getByRole('dialog', { name: 'Betaling registreren' })
  await line.getByRole('button', { name: 'Betaling registreren' }).click()
  expect(await dialog.getByLabel('Datum *').inputValue()).toBe(serverDay())
  await dialog.getByLabel('Bedrag (€) *').fill('100')
  await dialog.getByLabel('Datum *').fill(serverDay(2))
  await dialog.getByRole('button', { name: 'Registreren' }).click()
  await dialog.getByText(TOO_LATE).waitFor()
  await dialog.getByLabel('Datum *').fill(serverDay(1))
  await dialog.getByRole('button', { name: 'Registreren' }).click()
  await waitForToast(page, 'Betaling geregistreerd')
  const parts = await eventually(async () => {
    const pulled = await api.get('/api/sync/v1/commissionPayments/pull?checkpoint=0&limit=100')
    const documents = pulled.json.documents as { paidOn: string; amount: number }[]
    expect(documents).toHaveLength(1)
    return documents
  })
  expect(parts[0]).toMatchObject({ paidOn: serverDay(1), amount: 10_000 })
  await context.close()
}, 90_000)
