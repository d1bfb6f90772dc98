import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { formatMoney } from '#web/lib/format-money.ts'
import { eventually } from '../support/eventually.ts'
import { buildSalePayload } from '../support/sales.ts'
import { endDatabaseWorker, waitForServiceWorker } from './app-helpers.ts'
import { type GoldEstatesTeam, launchGoldEstatesTeam, setUpBrowserFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  newAppContext,
  newAppPage,
  PHONE,
  signIn,
  waitForToast,
} from './page-helpers.ts'
import {
  SALES_BASE as BASE,
  fillWizard,
  openSalesScreen,
  regionText,
  shoot,
  type WizardSale,
  waitForSalesScreen,
} from './sales-helpers.ts'

// "Ter beoordeling" on the screens: a SELLER registers an unusual split on their phone
// without a connection and sees it held at once; the admin's dashboard lists it and counts
// € 0 for it; the admin rejects one with a reason (the SELLER reads it) and approves another
// without a connection, sent by the offline queue when the connection returns.

const file = setUpBrowserFile()
/** Havenkwartier; Anna (signed in as a SELLER) and Bram, both closers. */
let team: GoldEstatesTeam
let adminContext: BrowserContext
let admin: Page
const ids = { offline: '', doubled: '' }

/** Anna 60 % and Bram 60 %: the sales team adds up to 120 %. */
const unusual: WizardSale = {
  clientName: 'Familie Offline',
  propertyNumber: 'HK-1',
  price: 500_000,
  commission: 2,
  discount: 0,
  costs: 0,
  lines: [
    { seller: 0, commissionType: 'sales', percentage: 60 },
    { seller: 1, commissionType: 'sales', percentage: 60 },
  ],
}
const REASON = 'Bram hoort niet bij deze verkoop'

type ServerSale = {
  id: string
  seq: number
  clientName: string
  reviewStatus: string | null
  reviewReason: string | null
}
async function serverSale(clientName: string) {
  const sales = (await file.api.get('/api/gold-estates/sales')).json as ServerSale[]
  return sales.find((sale) => sale.clientName === clientName)
}

/** A page in the light theme, with the app's motion and its service worker. */
const newPage = (viewport: typeof PHONE) =>
  newAppPage(file.browser, file.server.url, viewport, { theme: 'light', reducedMotion: false })

/** Anna signed in (through the API) on a sales screen, her dashboard unless `path`. */
async function openAsAnna(page: Page, path = '/dashboard') {
  await signIn(page.context(), team.anna, 'sales')
  await page.goto(`${BASE}${path}`)
}

/** The dashboard through the header's Gold Estates link, without a load. */
async function openDashboard(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Gold Estates' }).click()
  await waitForSalesScreen(page, 'Dashboard')
}

/** From the dashboard's "Ter beoordeling" card to the sale, as a person goes there. */
async function openFromReviewCard(page: Page, clientName: string) {
  await page
    .getByRole('region', { name: /^Ter beoordeling \(/ })
    .getByRole('link', { name: new RegExp(clientName) })
    .click()
  await waitForSalesScreen(page, clientName)
}

beforeAll(async () => {
  team = await launchGoldEstatesTeam(file, { role: 'closer' })
  // The ADMIN reviews online: no service worker to install (decision 023).
  adminContext = await newAppContext(file.browser, file.server.url, PHONE, {
    theme: 'light',
    serviceWorker: false,
  })
  admin = await adminContext.newPage()
}, 60_000)

test("a SELLER's unusual split registered offline shows 'Ter beoordeling' at once, and the server holds it", async () => {
  const phone = await newPage(PHONE)
  await openAsAnna(phone, '/sales/new')
  await phone.getByRole('heading', { level: 2, name: 'Selecteer project' }).waitFor()
  // Offline once the service worker holds every screen's code (the next screens load then).
  await waitForServiceWorker(phone)
  await phone.context().setOffline(true)
  await fillWizard(phone, unusual, team)
  // Before she submits, the last step says it will go to review, and why (the server's rule).
  const notice = phone.getByRole('status').filter({ hasText: 'Deze verkoop gaat ter beoordeling' })
  expect(await notice.textContent()).toContain('Het salesteam telt op tot 120% in plaats van 100%')
  await shoot(phone, 'sale-review-wizard-notice')
  await phone.getByRole('button', { name: 'Verkoop Registreren' }).click()
  // The toast says where it went, not that it was registered "successfully".
  expect(await waitForToast(phone, 'Verkoop ter beoordeling')).toContain(
    'wacht op goedkeuring door een manager of admin',
  )
  await phone.waitForURL(`**${BASE}/dashboard`)
  // Still offline: the device's own verdict, by the server's rule.
  const card = await regionText(phone, 'Ter beoordeling (1)')
  expect(card).toContain(unusual.clientName)
  expect(card).toContain('Ter beoordeling')
  expect(await serverSale(unusual.clientName)).toBeUndefined()

  await phone.context().setOffline(false)
  const stored = await eventually(async () => {
    const sale = await serverSale(unusual.clientName)
    expect(sale?.reviewStatus).toBe('pending')
    return sale!
  }, 30_000)
  ids.offline = stored.id
  await phone.context().close()
}, 90_000)

test('the admin sees the sales waiting, counted as € 0, and rejects one with a reason', async () => {
  // A second held sale, registered by Anna's other device: two lines of 100 % to herself.
  const doubled = await team.annaApi.post(
    '/api/gold-estates/sales',
    buildSalePayload({
      projectId: team.project.id,
      clientName: 'Familie Dubbel',
      salePrice: 40_000_000,
      saleDate: '2025-01-01',
      lines: [
        { sellerId: team.sellers[0]!.id, percentage: 100 },
        { sellerId: team.sellers[0]!.id, percentage: 100 },
      ],
    }),
  )
  expect(doubled.json.reviewStatus).toBe('pending')
  ids.doubled = doubled.json.id

  // Signed in and launched through the API as LAUNCH APP does (the card: sales-access).
  await signIn(adminContext, file.root)
  const launched = await adminContext.request.post('/api/admin/launch-gold-estates')
  expect(launched.status()).toBe(200)
  await openSalesScreen(admin, '/dashboard', 'Dashboard')
  // The phone, then the same browser at desktop size, and back.
  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport)
    const card = await regionText(admin, 'Ter beoordeling (2)')
    expect(card).toContain('Familie Offline')
    expect(card).toContain('Familie Dubbel')
    // Neither counts: nothing open, nothing overdue, no sale.
    expect(await regionText(admin, 'Openstaand')).toContain(formatMoney(0))
    expect(await regionText(admin, 'Achterstallig')).toContain(formatMoney(0))
    expect(await regionText(admin, 'Totaal Verkoop')).toContain('0')
    expect(await hasHorizontalOverflow(admin)).toBe(false)
    await shoot(admin, 'sale-review-dashboard')
  }

  await openFromReviewCard(admin, unusual.clientName)
  for (const viewport of [DESKTOP, PHONE]) {
    await admin.setViewportSize(viewport)
    const panel = await regionText(admin, 'Ter beoordeling')
    expect(panel).toContain('Het salesteam telt op tot 120% in plaats van 100%')
    expect(panel).toContain('kunnen ze niet betaald worden')
    expect(await admin.getByRole('button', { name: 'Betaling registreren' }).count()).toBe(0)
    expect(await hasHorizontalOverflow(admin)).toBe(false)
    await shoot(admin, 'sale-review-sale')
  }

  await admin.getByRole('button', { name: 'Afwijzen' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Verkoop afwijzen' })
  await dialog.getByRole('button', { name: 'Afwijzen' }).click()
  await dialog.getByText('Geef een reden van minstens 3 tekens op').waitFor()
  await dialog.getByLabel('Reden *').fill(REASON)
  await dialog.getByRole('button', { name: 'Afwijzen' }).click()
  await waitForToast(admin, 'Verkoop afgewezen')
  const rejected = await serverSale(unusual.clientName)
  expect(rejected).toMatchObject({ reviewStatus: 'rejected', reviewReason: REASON })
  await admin.getByText(`Afgewezen: ${REASON}`).waitFor({ timeout: 20_000 })
}, 120_000)

test('an approval made without a connection is sent when it returns, and the sale then counts', async () => {
  await openDashboard(admin)
  await openFromReviewCard(admin, 'Familie Dubbel')
  await admin.context().setOffline(true)
  await admin.getByRole('button', { name: 'Goedkeuren' }).click()
  expect(await waitForToast(admin, 'Verkoop goedgekeurd')).toContain(
    'Wordt verstuurd zodra er weer verbinding is.',
  )
  expect((await serverSale('Familie Dubbel'))?.reviewStatus).toBe('pending')
  await admin.context().setOffline(false)
  await eventually(async () => {
    expect((await serverSale('Familie Dubbel'))?.reviewStatus).toBeNull()
  }, 30_000)
  // Approved: two lines of € 20.000 each (5 % of € 400.000), both overdue since 2025.
  await openDashboard(admin)
  await eventually(async () => {
    expect(await regionText(admin, 'Achterstallig')).toContain(formatMoney(4_000_000))
  }, 20_000)
  expect(await admin.getByRole('region', { name: 'Ter beoordeling (1)' }).count()).toBe(0)
}, 90_000)

test('an approval and a rejection queued by an earlier version, without seq, end under Mislukt with the reason; the sale still waits', async () => {
  const held = await team.annaApi.post(
    '/api/gold-estates/sales',
    buildSalePayload({
      projectId: team.project.id,
      salePrice: 30_000_000,
      clientName: 'Familie Oud',
      lines: [
        { sellerId: team.sellers[0]!.id, percentage: 100 },
        { sellerId: team.sellers[1]!.id, percentage: 100 },
      ],
    }),
  )
  expect(held.status, held.text).toBe(201)
  // As an earlier version of the app left them in this browser's queue: no seq.
  await admin.evaluate(
    (saleId) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('centraal', 1)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const transaction = open.result.transaction('syncQueue', 'readwrite')
          const store = transaction.objectStore('syncQueue')
          for (const [action, body] of [
            ['approve', {}],
            ['reject', { reason: 'Twee keer honderd' }],
          ] as const) {
            store.add({
              url: `/api/gold-estates/sales/${saleId}/${action}`,
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                'Idempotency-Key': crypto.randomUUID(),
              },
              body,
              timestamp: Date.now(),
              status: 'pending',
              attempts: 0,
            })
          }
          transaction.oncomplete = () => resolve()
        }
      }),
    held.json.id as string,
  )
  // A page load replays the queue (this context has no service worker).
  await admin.reload()
  await waitForSalesScreen(admin, 'Dashboard').catch(() => undefined)
  const button = admin.getByRole('banner').getByRole('button', { name: /^Wijzigingen:/ })
  await button.waitFor({ timeout: 20_000 })
  await eventually(async () => {
    expect(await button.getAttribute('aria-label')).toMatch(/2 mislukt/)
  }, 20_000)
  await button.click()
  const list = admin.getByRole('dialog', { name: 'Wijzigingen' })
  await list.getByText('Mislukt (2)').waitFor()
  await list.getByText('Verkoop goedkeuren').waitFor()
  await list.getByText('Verkoop afwijzen').waitFor()
  const reason =
    'seq: De versie van de verkoop die je beoordeelde ontbreekt. Open de verkoop opnieuw en beoordeel hem zoals hij nu is.'
  expect(await list.getByText(reason).count()).toBe(2)
  await shoot(admin, 'review-queued-without-seq')
  expect(await serverSale('Familie Oud')).toMatchObject({ reviewStatus: 'pending' })
  await admin.keyboard.press('Escape')
  // Approved as it is now, naming its version, it waits no more (and the tests after
  // this one see Anna's list as it was).
  const now = await serverSale('Familie Oud')
  const approved = await file.api.post(`/api/gold-estates/sales/${now?.id}/approve`, {
    seq: now?.seq,
  })
  expect(approved.status, approved.text).toBe(200)
}, 90_000)

test('the SELLER reads the rejection and its reason, and may correct the sale', async () => {
  // Her browser at desktop size, then at phone size: there she corrects it.
  const page = await newPage(DESKTOP)
  await openAsAnna(page)
  for (const viewport of [DESKTOP, PHONE]) {
    if (viewport === PHONE) {
      await page.setViewportSize(PHONE)
      await openDashboard(page)
    }
    const card = await regionText(page, 'Ter beoordeling (1)')
    expect(card).toContain(`Afgewezen: ${REASON}`)
    await openFromReviewCard(page, unusual.clientName)
    await page.getByText(`Afgewezen: ${REASON}`).waitFor({ timeout: 20_000 })
    await page.getByRole('link', { name: 'Verkoop corrigeren' }).waitFor()
    // Their own sale under review: they see the whole split they wrote.
    await page.getByRole('region', { name: 'Bram de Vries' }).waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await shoot(page, 'sale-review-rejected-seller')
  }
  await correctToSixtyForty(page)
  await page.context().close()
}, 120_000)

/** Anna answers the rejection: Bram 40 % instead of 60 %; the sale is back in review. */
async function correctToSixtyForty(page: Page) {
  await page.getByRole('link', { name: 'Verkoop corrigeren' }).click()
  await page.waitForURL(`**${BASE}/sales/${ids.offline}/edit`)
  await page.getByRole('heading', { level: 1, name: 'Verkoop corrigeren' }).waitFor()
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Volgende' }).click()
  await page.getByLabel('Percentage 2', { exact: true }).fill('40')
  await page.getByRole('button', { name: 'Correctie opslaan' }).click()
  await waitForToast(page, 'Verkoop gecorrigeerd')
  await page.waitForURL(`**${BASE}/sales/${ids.offline}`)
  await page.getByRole('region', { name: 'Ter beoordeling' }).waitFor()
  await eventually(async () => {
    expect(await serverSale(unusual.clientName)).toMatchObject({
      reviewStatus: 'pending',
      reviewReason: null,
    })
  }, 30_000)
}

/** Anna registers a sale of her own (100 % hers) on another device, through the API. */
async function registerOnOtherDevice(clientName: string) {
  const sale = buildSalePayload({
    projectId: team.project.id,
    clientName,
    salePrice: 30_000_000,
    saleDate: '2025-02-01',
    lines: [{ sellerId: team.sellers[0]!.id, percentage: 100 }],
  })
  expect((await team.annaApi.post('/api/gold-estates/sales', sale)).status).toBe(201)
}

test('the open dashboard follows a sale from another device, one registered offline in another tab, and comes back when the database worker ends', async () => {
  const page = await newPage(DESKTOP)
  await openAsAnna(page)
  await waitForSalesScreen(page, 'Dashboard')
  const totalSales = async () => {
    const text = await regionText(page, 'Totaal Verkoop')
    return Number(/Totaal Verkoop\s*(\d+)/.exec(text)?.[1])
  }
  const before = await totalSales()
  expect(before).toBeGreaterThanOrEqual(0)

  // Her other device registers a sale of her own: the server's stream brings it here.
  await registerOnOtherDevice('Familie Elders')
  await expect.poll(totalSales, { timeout: 15_000 }).toBe(before + 1)

  // A second tab of this browser, without a connection, registers one: this tab's
  // dashboard counts it at once, from the database both tabs share.
  const second = await page.context().newPage()
  await second.goto(`${BASE}/sales/new`)
  await second.getByRole('heading', { level: 2, name: 'Selecteer project' }).waitFor()
  await waitForServiceWorker(second)
  await page.context().setOffline(true)
  await fillWizard(
    second,
    {
      ...unusual,
      clientName: 'Familie Tweede Tab',
      lines: [{ seller: 0, commissionType: 'sales', percentage: 100 }],
    },
    team,
  )
  await second.getByRole('button', { name: 'Verkoop Registreren' }).click()
  await waitForToast(second, 'Verkoop geregistreerd!')
  await expect.poll(totalSales, { timeout: 15_000 }).toBe(before + 2)
  await page.context().setOffline(false)

  // The database worker ends, as a crash would: the dashboard comes back with its figures
  // from a new one, and goes on following.
  const reopened = page.waitForEvent('console', {
    predicate: (message) => message.text().includes('the database worker ended'),
  })
  await endDatabaseWorker(page)
  await reopened
  await waitForSalesScreen(page, 'Dashboard')
  await expect.poll(totalSales, { timeout: 15_000 }).toBe(before + 2)
  await shoot(page, 'sales-dashboard-after-worker-ended')
  await registerOnOtherDevice('Familie Daarna')
  await expect.poll(totalSales, { timeout: 15_000 }).toBe(before + 3)
  await page.context().close()
}, 90_000)
