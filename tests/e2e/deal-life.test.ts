import { readFileSync } from 'node:fs'
import type { BrowserContext, Download, Page } from 'playwright-core'
import { readSheet } from 'read-excel-file/node'
import { extractText } from 'unpdf'
import { beforeAll, expect, test } from 'vitest'
import { formatMoney } from '#web/lib/format-money.ts'
import { eventually } from '../support/eventually.ts'
import { createClient } from '../support/http.ts'
import { newSignedInPage, setUpBrowserFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  newAppContext,
  PHONE,
  saveDownload,
  screenshot,
  waitForToast,
} from './page-helpers.ts'
import {
  SALES_BASE as BASE,
  calculateWizardSale,
  fillWizard,
  launchGoldEstates,
  openSalesScreen,
  regionText,
  shoot,
  type WizardSale,
  waitForSalesScreen,
} from './sales-helpers.ts'

// The whole life of a deal on a phone (docs/behaviour.md, The life of a deal): a sale registered through the wizard,
// one line paid in two parts (and a third part undone), the price corrected after payment
// (adjustment lines), the sale cancelled (a clawback for what was paid, partly paid back).
// The seller reads the sale screen without any action and downloads their statement; the
// admin's XLSX export matches the commission screen. Screenshots at phone and desktop size.

const file = setUpBrowserFile()
let context: BrowserContext
let page: Page
/** A second device of the same admin at desktop size, for the desktop screenshots. */
let desktop: Page

/** Anna's sign-in, at an address of this file's organisation. */
let anna: { name: string; email: string; password: string }
const bram = { name: 'Bram de Vries' }
let project: { id: string; name: string }
const sellers: { id: string; name: string }[] = []
let saleId = ''

/** 10.500,00 gross, less 500,00 costs: a net of 10.000,00, 6.000,00 for Anna, 4.000,00 for Bram. */
const sale: WizardSale = {
  clientName: 'Familie Verbeek',
  propertyNumber: 'HK-7',
  price: 350_000,
  commission: 3,
  discount: 0,
  costs: 500,
  lines: [
    { seller: 0, commissionType: 'sales', percentage: 60 },
    { seller: 1, commissionType: 'sales', percentage: 40 },
  ],
}
const registered = calculateWizardSale(sale)
/** The corrected price gives 11.500,00 net: 6.900,00 and 4.600,00. */
const corrected = calculateWizardSale({ ...sale, price: 400_000 })
const [annaLine, bramLine] = registered.lineAmountsCents as [number, number]
const [annaCorrected, bramCorrected] = corrected.lineAmountsCents as [number, number]
const FIRST_PART = 250_000
const SECOND_PART = 150_050
const PAID = FIRST_PART + SECOND_PART
const REPAID = 100_000

const money = (cents: number) => formatMoney(cents)
/** The PDF's text has plain spaces where the screen has no-break ones. */
const plain = (text: string) => text.replace(/\s+/g, ' ')

type ServerLine = { sellerId: string; kind: string; commissionAmount: number; status: string }

async function serverSale() {
  const sales = (await file.api.get('/api/gold-estates/sales')).json as {
    id: string
    paidTotal: number
    status: string
    salePrice: number
  }[]
  return sales.find((each) => each.id === saleId)
}

async function serverLines(): Promise<ServerLine[]> {
  const lines = (await file.api.get('/api/gold-estates/commissions')).json as (ServerLine & {
    saleId: string
  })[]
  return lines.filter((line) => line.saleId === saleId)
}

/** One commission line on the sale screen, in its seller's section. */
function lineItem(target: Page, seller: string, kind: string, cents: number) {
  return target
    .getByRole('region', { name: seller, exact: true })
    .getByRole('listitem', { name: `${kind} ${money(cents)}`, exact: true })
}

/** The device has sent everything and heard back (the header's sync indicator). */
async function waitForSynced(target: Page) {
  await expect
    .poll(
      () =>
        target.locator('header button[aria-label^="Synchronisatie:"]').getAttribute('aria-label'),
      { timeout: 20_000 },
    )
    .toBe('Synchronisatie: Gesynchroniseerd')
}

/** A page screenshot without the last toast over it. */
async function shootScreen(target: Page, name: string) {
  const toasts = target.getByRole('region', { name: /Meldingen/ }).locator('li')
  for (const toast of await toasts.all()) {
    await toast
      .getByRole('button', { name: 'Sluiten' })
      .click({ timeout: 2_000 })
      .catch(() => undefined)
  }
  await expect.poll(() => toasts.filter({ visible: true }).count()).toBe(0)
  await shoot(target, name)
}

async function openSale(target: Page) {
  await openSalesScreen(target, `/sales/${saleId}`, sale.clientName)
}

/** Follows a link of the screen to another sales screen, without a load. */
async function followLink(target: Page, link: string, heading: string) {
  await target.getByRole('link', { name: link, exact: true }).click()
  await waitForSalesScreen(target, heading)
}

async function download(target: Page, trigger: () => Promise<void>): Promise<Uint8Array> {
  const [file] = await Promise.all([target.waitForEvent('download'), trigger()])
  return new Uint8Array(readFileSync(await saveDownload(file as Download)))
}

beforeAll(async () => {
  anna = { name: 'Anna Jansen', email: file.email('anna'), password: 'anna password' }
  // The API client gets a sales session too, to look at what reached the server.
  expect((await file.api.post('/api/admin/launch-gold-estates')).status).toBe(200)
  // A deal's life is lived online: no service worker to install (decision 023).
  context = await newAppContext(file.browser, file.server.url, PHONE, { serviceWorker: false })
  page = await context.newPage()
})

test('the admin launches Gold Estates with a project and two sellers, one of whom may sign in', async () => {
  await launchGoldEstates(page, file.root)
  project = (
    await file.api.post('/api/gold-estates/projects', {
      name: 'Havenkwartier',
      location: 'Amsterdam',
    })
  ).json
  for (const [name, email, role] of [
    [anna.name, anna.email, 'closer'],
    [bram.name, null, 'setter'],
  ] as const) {
    const created = await file.api.post('/api/gold-estates/sellers', { name, email, role })
    expect(created.status).toBe(201)
    sellers.push(created.json)
  }
  // Anna signs in as a SELLER: a setup link, completed with her password.
  const invite = await file.api.post(`/api/gold-estates/sellers/${sellers[0]!.id}/login`, {
    role: 'SELLER',
  })
  expect(invite.status).toBe(201)
  const token = new URL(invite.json.setupUrl).pathname.split('/').at(-1)
  const setup = await createClient(file.server.url).post(`/api/auth/setup/${token}`, {
    password: anna.password,
  })
  expect(setup.status).toBe(200)

  const desktopContext = await newAppContext(file.browser, file.server.url, DESKTOP, {
    serviceWorker: false,
    storageState: await context.storageState(),
  })
  desktop = await desktopContext.newPage()
}, 60_000)

test('a sale registered through the wizard opens on its own screen from the commission list', async () => {
  await page.goto(`${BASE}/sales/new`)
  await fillWizard(page, sale, { project, sellers })
  await page.getByRole('button', { name: 'Verkoop Registreren' }).click()
  await waitForToast(page, 'Verkoop geregistreerd!')
  await page.waitForURL(`**${BASE}/dashboard`)
  const stored = await eventually(async () => {
    const sales = (await file.api.get('/api/gold-estates/sales')).json as { id: string }[]
    expect(sales).toHaveLength(1)
    return sales[0]!
  })
  saleId = stored.id

  // The client's name in the commission screen's list leads to the sale screen.
  await page.getByRole('link', { name: /Commissie Dashboard/ }).click()
  await waitForSalesScreen(page, 'Commissie Dashboard')
  await page
    .getByRole('listitem', { name: `Verkoop ${sale.clientName}` })
    .getByRole('link', { name: sale.clientName })
    .click()
  await page.waitForURL(`**${BASE}/sales/${saleId}`)
  await page.getByRole('heading', { level: 1, name: sale.clientName }).waitFor()

  const facts = await regionText(page, 'Verkoop')
  for (const shown of [
    'Havenkwartier',
    sale.propertyNumber,
    'klant@example.com',
    money(35_000_000),
    '3%',
    money(50_000),
    money(registered.netCents),
  ]) {
    expect(facts).toContain(shown)
  }
  // The server's lines, once they arrived: per seller, pending, nothing paid yet.
  const annaCommission = lineItem(page, anna.name, 'Commissie', annaLine)
  await annaCommission.getByRole('button', { name: 'Betaling registreren' }).waitFor()
  expect(await annaCommission.textContent()).toContain('In behandeling')
  await lineItem(page, bram.name, 'Commissie', bramLine).waitFor()
  expect(await hasHorizontalOverflow(page)).toBe(false)
}, 90_000)

test('one line paid in two parts, a third part undone; more than is open is refused', async () => {
  // The desktop's first load (service worker, local database) while the phone pays: it
  // follows the payments on the sale screen, and is looked at once they are done.
  const desktopOpened = openSale(desktop)
  desktopOpened.catch(() => undefined) // awaited below; a failure meanwhile is not unhandled
  const line = lineItem(page, anna.name, 'Commissie', annaLine)
  const dialog = page.getByRole('dialog', { name: 'Betaling registreren' })
  const pay = async (amount: string, note?: string) => {
    await line.getByRole('button', { name: 'Betaling registreren' }).click()
    await dialog.getByLabel('Bedrag (€) *').fill(amount)
    if (note) await dialog.getByLabel('Notitie').fill(note)
    await dialog.getByRole('button', { name: 'Registreren' }).click()
  }

  // The dialog starts at what is open, today; more than that is refused on the spot.
  await line.getByRole('button', { name: 'Betaling registreren' }).click()
  expect(await dialog.getByLabel('Bedrag (€) *').inputValue()).toBe('6000,00')
  expect(await dialog.getByLabel('Datum *').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  await dialog.getByLabel('Bedrag (€) *').fill('7000')
  await dialog.getByRole('button', { name: 'Registreren' }).click()
  await dialog.getByText('Het bedrag is hoger dan wat op deze regel nog openstaat').waitFor()
  await dialog.getByLabel('Bedrag (€) *').fill('2500,00')
  await dialog.getByLabel('Notitie').fill('Eerste termijn van de ontwikkelaar')
  await screenshot(page, 'deal-payment-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Registreren' }).click()
  expect(await waitForToast(page, 'Betaling geregistreerd')).toBe(
    `Betaling geregistreerd ${anna.name}: ${money(FIRST_PART)}`,
  )
  await dialog.waitFor({ state: 'detached' })
  // A dot before the cents works as well as a comma.
  await pay('1500.50', 'Tweede termijn')
  await waitForToast(page, 'Betaling geregistreerd')
  await eventually(async () => {
    const text = (await line.textContent()) ?? ''
    expect(text).toContain(`Betaald${money(PAID)}`)
    expect(text).toContain(`Open${money(annaLine - PAID)}`)
    expect(text).toContain('Eerste termijn van de ontwikkelaar')
  })

  // A third part, undone after the question.
  await pay('1,00')
  await waitForToast(page, 'Betaling geregistreerd')
  await waitForSynced(page)
  page.once('dialog', (question) => {
    expect(question.message()).toContain('ongedaan wilt maken')
    void question.accept()
  })
  await line.getByRole('button', { name: /^Ongedaan maken: betaling van € 1,00/ }).click()
  await waitForToast(page, 'Betaling ongedaan gemaakt')
  await eventually(async () => {
    expect((await serverSale())?.paidTotal).toBe(PAID)
    const annaLines = (await serverLines()).filter((each) => each.sellerId === sellers[0]!.id)
    expect(annaLines.map((each) => each.status)).toEqual(['pending'])
  })
  await waitForSynced(page)
  expect(await line.getByRole('button', { name: /^Ongedaan maken/ }).count()).toBe(2)
  await shootScreen(page, 'deal-sale-paid')

  await desktopOpened
  await lineItem(desktop, anna.name, 'Commissie', annaLine).getByText(money(PAID)).waitFor()
  expect(await hasHorizontalOverflow(desktop)).toBe(false)
  await shootScreen(desktop, 'deal-sale-paid')
  await lineItem(desktop, bram.name, 'Commissie', bramLine)
    .getByRole('button', { name: 'Betaling registreren' })
    .click()
  await desktop.getByRole('dialog', { name: 'Betaling registreren' }).waitFor()
  await screenshot(desktop, 'deal-payment-dialog', { fullPage: false })
  await desktop.keyboard.press('Escape')
}, 90_000)

test('a correction of the price after payment adds adjustment lines', async () => {
  await page.getByRole('link', { name: 'Verkoop corrigeren' }).click()
  await page.waitForURL(`**${BASE}/sales/${saleId}/edit`)
  await page.getByRole('heading', { level: 1, name: 'Verkoop corrigeren' }).waitFor()
  // The project is shown, not chosen; the dates come from the sale.
  const fixedProject = page.getByLabel('Project', { exact: true })
  expect(await fixedProject.inputValue()).toBe('Havenkwartier (Amsterdam)')
  expect(await fixedProject.getAttribute('readonly')).not.toBeNull()
  expect(await page.getByLabel('Verkoopdatum *').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await shootScreen(page, 'deal-correction-project')
  await page.getByRole('button', { name: 'Volgende' }).click()
  expect(await page.getByLabel('Klantnaam *').inputValue()).toBe(sale.clientName)
  await page.getByRole('button', { name: 'Volgende' }).click()
  expect(await page.getByLabel('Verkoopprijs (€) *').inputValue()).toBe('350000')
  await page.getByLabel('Verkoopprijs (€) *').fill('400000')
  expect(await regionText(page, 'Berekening')).toContain(money(corrected.netCents))
  await page.getByRole('button', { name: 'Volgende' }).click()
  await page.getByRole('heading', { level: 2, name: 'Commissie splits' }).waitFor()
  expect(await page.getByLabel('Percentage 1', { exact: true }).inputValue()).toBe('60')
  expect(await page.getByLabel('Percentage 2', { exact: true }).inputValue()).toBe('40')
  await page
    .getByText(
      'Er is al betaald op deze verkoop: verschillen worden als correctieregels toegevoegd.',
    )
    .waitFor()
  expect(await page.getByRole('button', { name: 'Correctie opslaan' }).isEnabled()).toBe(true)
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await shootScreen(page, 'deal-correction-splits')

  // The desktop is on the sale screen since the payments.
  await desktop.getByRole('link', { name: 'Verkoop corrigeren' }).click()
  await desktop.getByLabel('Verkoopdatum *').waitFor()
  await shootScreen(desktop, 'deal-correction-project')
  await desktop.getByRole('button', { name: /^Stap 4: Verdeling/ }).click()
  await desktop.getByText('Er is al betaald op deze verkoop', { exact: false }).waitFor()
  await shootScreen(desktop, 'deal-correction-splits')

  await page.getByRole('button', { name: 'Correctie opslaan' }).click()
  expect(await waitForToast(page, 'Verkoop gecorrigeerd')).toBe(
    'Verkoop gecorrigeerd De commissies worden herberekend.',
  )
  await page.waitForURL(`**${BASE}/sales/${saleId}`)
  expect(await regionText(page, 'Verkoop')).toContain(money(corrected.netCents))
  // The paid line stays as it was; the differences arrive as 'Correctie' lines.
  await lineItem(page, anna.name, 'Correctie', annaCorrected - annaLine).waitFor({
    timeout: 20_000,
  })
  await lineItem(page, bram.name, 'Correctie', bramCorrected - bramLine).waitFor()
  await lineItem(page, anna.name, 'Commissie', annaLine).waitFor()
  expect((await serverSale())?.salePrice).toBe(40_000_000)
  await waitForSynced(page)
  await shootScreen(page, 'deal-sale-corrected')
}, 90_000)

test('a cancellation cancels what is unpaid and claims back what was paid', async () => {
  // Desktop: the dialog, left with "Terug". Back from the correction it did not save.
  await followLink(desktop, 'Terug naar de verkoop', sale.clientName)
  await lineItem(desktop, anna.name, 'Correctie', annaCorrected - annaLine).waitFor()
  await shootScreen(desktop, 'deal-sale-corrected')
  await desktop.getByRole('button', { name: 'Verkoop annuleren' }).click()
  const desktopDialog = desktop.getByRole('dialog', { name: 'Verkoop annuleren' })
  await desktopDialog.getByLabel('Reden *').fill('Financiering afgewezen')
  await screenshot(desktop, 'deal-cancel-dialog', { fullPage: false })
  await desktopDialog.getByRole('button', { name: 'Terug' }).click()
  await desktopDialog.waitFor({ state: 'detached' })

  await page.getByRole('button', { name: 'Verkoop annuleren' }).click()
  const dialog = page.getByRole('dialog', { name: 'Verkoop annuleren' })
  await dialog
    .getByText(
      'Weet je zeker dat je deze verkoop wilt annuleren? Onbetaalde commissies vervallen en wat al betaald is wordt teruggevorderd.',
    )
    .waitFor()
  await dialog.getByRole('button', { name: 'Verkoop annuleren' }).click()
  await dialog.getByText('Geef een reden van minstens 3 tekens op').waitFor()
  await dialog.getByLabel('Reden *').fill('Financiering afgewezen')
  await screenshot(page, 'deal-cancel-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Verkoop annuleren' }).click()
  await waitForToast(page, 'Verkoop geannuleerd')
  await dialog.waitFor({ state: 'detached' })

  await page.getByText('Reden: Financiering afgewezen').waitFor()
  expect(await page.getByRole('button', { name: 'Verkoop annuleren' }).count()).toBe(0)
  expect(await page.getByRole('link', { name: 'Verkoop corrigeren' }).count()).toBe(0)
  const clawback = lineItem(page, anna.name, 'Terugvordering', -PAID)
  await clawback.waitFor({ timeout: 20_000 })
  // The lines may be recounted a moment after the clawback appears: wait for both.
  await lineItem(page, anna.name, 'Commissie', annaLine)
    .filter({ hasText: 'Geannuleerd' })
    .waitFor()
  await lineItem(page, bram.name, 'Commissie', bramLine)
    .filter({ hasText: 'Geannuleerd' })
    .waitFor()
  await eventually(async () => {
    expect((await serverSale())?.status).toBe('cancelled')
    const clawbacks = (await serverLines()).filter((line) => line.kind === 'clawback')
    expect(clawbacks.map((line) => line.commissionAmount)).toEqual([-PAID])
  })

  // Anna pays part of it back.
  await clawback.getByRole('button', { name: 'Terugbetaling registreren' }).click()
  const repay = page.getByRole('dialog', { name: 'Terugbetaling registreren' })
  expect(await repay.getByLabel('Bedrag (€) *').inputValue()).toBe('4000,50')
  await repay.getByLabel('Bedrag (€) *').fill('1.000')
  await repay.getByRole('button', { name: 'Registreren' }).click()
  await waitForToast(page, 'Betaling geregistreerd')
  await eventually(async () => {
    const text = (await clawback.textContent()) ?? ''
    expect(text).toContain(`Terugbetaald${money(REPAID)}`)
    expect(text).toContain(`Open${money(PAID - REPAID)}`)
  })
  await waitForSynced(page)
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await shootScreen(page, 'deal-sale-cancelled')

  // The desktop has stayed on the sale screen, which follows the local database.
  await eventually(async () =>
    expect(await lineItem(desktop, anna.name, 'Terugvordering', -PAID).textContent()).toContain(
      `Terugbetaald${money(REPAID)}`,
    ),
  )
  await shootScreen(desktop, 'deal-sale-cancelled')
}, 90_000)

test('the seller reads the sale without actions and downloads their statement', async () => {
  const view = await newSignedInPage(file, PHONE, {
    theme: 'light',
    serviceWorker: false,
    account: anna,
    area: 'sales',
  })
  await openSale(view)
  await lineItem(view, anna.name, 'Terugvordering', -PAID).waitFor({ timeout: 20_000 })
  await lineItem(view, anna.name, 'Correctie', annaCorrected - annaLine).waitFor()
  expect(await view.getByRole('region', { name: bram.name }).count()).toBe(0)
  for (const action of [
    'Betaling registreren',
    'Terugbetaling registreren',
    'Verkoop annuleren',
    /^Ongedaan maken/,
  ]) {
    expect(await view.getByRole('button', { name: action }).count()).toBe(0)
  }
  expect(await view.getByRole('link', { name: 'Verkoop corrigeren' }).count()).toBe(0)
  await view.getByText('Reden: Financiering afgewezen').waitFor()
  await shootScreen(view, 'deal-seller-view-light')

  // The statement of the commission screen's period: her two parts, the repayment, and
  // what she still owes back.
  await followLink(view, 'Commissie Dashboard', 'Commissie Dashboard')
  const pdf = await download(view, () =>
    view.getByRole('button', { name: 'Mijn afrekening (PDF)' }).click(),
  )
  const { text } = await extractText(pdf, { mergePages: true })
  const statement = plain(text)
  for (const expected of [
    `Verkoper: ${anna.name}`,
    `${sale.clientName} Havenkwartier ${sale.propertyNumber} Commissie ${money(FIRST_PART)}`,
    `Betaalde commissie ${money(PAID)}`,
    `Terugvorderingen ontvangen ${money(-REPAID)}`,
    `Netto in deze periode ${money(PAID - REPAID)}`,
    `Nog openstaand (correcties en terugvorderingen) ${money(-(PAID - REPAID))}`,
  ]) {
    expect(statement).toContain(plain(expected))
  }
  expect(statement).not.toContain(bram.name)
  await view.context().close()
}, 90_000)

test("the admin's XLSX export holds the sale as the commission screen shows it", async () => {
  await followLink(page, 'Commissie Dashboard', 'Commissie Dashboard')
  const card = page.getByRole('listitem', { name: `Verkoop ${sale.clientName}` })
  await card.waitFor()
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await shootScreen(page, 'deal-commissions')
  const shown = (await card.textContent()) ?? ''
  await page.getByRole('button', { name: 'Exporteren' }).click()
  const xlsx = await download(page, () =>
    page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click(),
  )
  const rows = await readSheet(Buffer.from(xlsx))
  const saleRow = rows.findIndex((row) => row[1] === sale.clientName)
  expect(saleRow).toBeGreaterThan(0)
  const [, , projectName, propertyNumber, price, percentage, net] = rows[saleRow]!
  expect([projectName, propertyNumber, price, percentage, net]).toEqual([
    'Havenkwartier',
    sale.propertyNumber,
    400_000,
    3,
    corrected.netCents / 100,
  ])
  expect(shown).toContain(money(40_000_000))
  expect(shown).toContain(money(corrected.netCents))
  // Under the sale a row per line (seller, role, amount, status), each as on screen.
  const lineRows = rows.slice(saleRow + 1).filter((row) => row[1] === null && row[7] !== null)
  const screenLines = await card.getByRole('listitem').allTextContents()
  expect(lineRows.length).toBe(screenLines.length)
  for (const [index, row] of lineRows.entries()) {
    const amount = Math.round((row[10] as number) * 100)
    expect(screenLines[index]).toContain(row[7] as string)
    expect(screenLines[index]).toContain(money(amount))
  }
  const total = lineRows.reduce((sum, row) => sum + Math.round((row[10] as number) * 100), 0)
  // Every line of the cancelled sale: the lines, the corrections and the clawback.
  expect(lineRows).toHaveLength(5)
  expect(total).toBe(annaCorrected + bramCorrected - PAID)
}, 60_000)
