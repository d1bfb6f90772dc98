import { format } from 'date-fns/format'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { signInInvitedUser, signInSeller } from '../support/accounts.ts'
import { eventually } from '../support/eventually.ts'
import { buildSalePayload } from '../support/sales.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { createApp, waitForServiceWorker } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import {
  closeToast,
  DESKTOP,
  hasHorizontalOverflow,
  openSignedIn,
  PHONE,
  screenshot,
  signIn,
  waitForShell,
  waitForToast,
} from './page-helpers.ts'
import { openSalesScreen, SALES_BASE } from './sales-helpers.ts'

// Access withdrawn while the person's device holds data or edits (docs/behaviour.md, Where
// unsent work meets something else): a
// SELLER taken off a sale loses it and its customer's details from the device without a
// reload; an edit pushed after the right to read its collection was withdrawn (403) stays
// findable on the device, with the person's values, after a reload.

const file = setUpBrowserFile()

const CLIENT_NAME = 'Familie Verbeek'

beforeAll(async () => {
  expect((await file.api.post('/api/admin/launch-gold-estates')).status).toBe(200)
})

async function newContext(viewport = PHONE) {
  const context = await file.browser.newContext({
    viewport,
    baseURL: file.server.url,
    locale: 'nl-NL',
  })
  context.setDefaultTimeout(15_000)
  await context.addInitScript(() => localStorage.setItem('theme', 'light'))
  return context
}

/** Whether any store of the sales area's local RxDB databases holds this text. */
function isInLocalSalesDatabase(page: Page, text: string): Promise<boolean> {
  return page.evaluate(async (needle) => {
    const names = (await indexedDB.databases())
      .map((info) => info.name ?? '')
      .filter((name) => name.startsWith('rxdb-dexie-centraal-sales_'))
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      try {
        for (const store of Array.from(db.objectStoreNames)) {
          const rows = await new Promise<unknown[]>((resolve, reject) => {
            const request = db.transaction(store, 'readonly').objectStore(store).getAll()
            request.onsuccess = () => resolve(request.result)
            request.onerror = () => reject(request.error)
          })
          if (JSON.stringify(rows).includes(needle)) return true
        }
      } finally {
        db.close()
      }
    }
    return false
  }, text)
}

test('a SELLER taken off a sale no longer has it, nor its customer, on the device', async () => {
  const project = (await file.api.post('/api/gold-estates/projects', { name: 'Havenkwartier' }))
    .json
  const annaEmail = file.email('anna')
  const anna = (
    await file.api.post('/api/gold-estates/sellers', { name: 'Anna Jansen', email: annaEmail })
  ).json
  const bram = (await file.api.post('/api/gold-estates/sellers', { name: 'Bram de Vries' })).json
  await signInSeller(file.server, file.api, { id: anna.id, email: annaEmail, role: 'SELLER' })
  const registered = await file.api.post(
    '/api/gold-estates/sales',
    buildSalePayload({
      projectId: project.id,
      clientName: CLIENT_NAME,
      salePrice: 35_000_000,
      commissionPercentage: 3,
      lines: [
        { sellerId: anna.id, percentage: 60, role: 'closer' },
        { sellerId: bram.id, percentage: 40, role: 'setter' },
      ],
    }),
  )
  expect(registered.status).toBe(201)
  const saleId: string = registered.json.id

  const context = await newContext()
  await signIn(context, { email: annaEmail, password: `${annaEmail} password` }, 'sales')
  const page = await context.newPage()
  await openSalesScreen(page, '/commissions', 'Commissie Dashboard')
  await page
    .getByRole('listitem', { name: `Verkoop ${CLIENT_NAME}` })
    .getByRole('link', { name: CLIENT_NAME })
    .click()
  await page.waitForURL(`**${SALES_BASE}/sales/${saleId}`)
  await page.getByRole('heading', { level: 1, name: CLIENT_NAME }).waitFor()
  expect(await isInLocalSalesDatabase(page, CLIENT_NAME)).toBe(true)

  // A sales ADMIN corrects the sale: the customer stays, Anna's line goes.
  const corrected = await file.api.request('PATCH', `/api/gold-estates/sales/${saleId}`, {
    clientName: CLIENT_NAME,
    clientEmail: 'klant@example.com',
    clientPhone: '0612345678',
    propertyNumber: 'B-12',
    saleDate: format(new Date(), 'yyyy-MM-dd'),
    deliveryDate: null,
    salePrice: 35_000_000,
    commissionPercentage: 3,
    totalCosts: 0,
    costsDescription: null,
    discountPercentage: 0,
    splits: [
      { sellerId: bram.id, role: 'setter', commissionType: 'sales', commissionPercentage: 100 },
    ],
    paidTotal: 0,
  })
  expect(corrected.status).toBe(200)

  // Without a reload: the screen she is on loses the sale, and so does the list.
  await page.getByText('Verkoop niet gevonden', { exact: true }).waitFor({ timeout: 20_000 })
  await page.getByRole('link', { name: 'Naar het Commissie Dashboard' }).click()
  await page.getByRole('heading', { level: 1, name: 'Commissie Dashboard' }).waitFor()
  await page.getByText('Data laden...').waitFor({ state: 'detached' })
  expect(await page.getByRole('listitem', { name: `Verkoop ${CLIENT_NAME}` }).count()).toBe(0)
  expect(await page.locator('body').textContent()).not.toContain(CLIENT_NAME)
  await eventually(async () =>
    expect(await isInLocalSalesDatabase(page, CLIENT_NAME), 'client name in local sales DB').toBe(
      false,
    ),
  )
  // The sale is still the server's, with its customer, for those who may read it.
  const sales: { id: string; clientName: string }[] = (
    await file.api.get('/api/gold-estates/sales')
  ).json
  expect(sales.find((sale) => sale.id === saleId)?.clientName).toBe(CLIENT_NAME)
  await context.close()
}, 90_000)

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true)
  await page.getByText('Je bent offline - wijzigingen worden lokaal opgeslagen').waitFor()
}

/** From now on, the page notes the text of every toast it shows, in order. */
function recordToasts(page: Page) {
  return page.evaluate(() => {
    const shown: string[] = []
    ;(window as unknown as { shownToasts: string[] }).shownToasts = shown
    new MutationObserver(() => {
      const toasts = document.querySelectorAll('[role="region"][aria-label^="Meldingen"] li')
      for (const toast of toasts) {
        const text = toast.textContent ?? ''
        if (text && shown.at(-1) !== text) shown.push(text)
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

/**
 * Clicks Kopiëren until the page says "Gekopieerd". The clipboard takes text only from a
 * focused page, and the run's other files share the browser and may take the focus between
 * `bringToFront` and the click; the page then says "Kopiëren lukte niet", and a person whose
 * window lost the focus clicks again, as this does (three times at most).
 */
async function copyWhileFocused(page: Page, button: Locator) {
  const region = page.getByRole('region', { name: /Meldingen/ })
  const copied = region.locator('li').filter({ has: page.getByText('Gekopieerd', { exact: true }) })
  const failed = region
    .locator('li')
    .filter({ has: page.getByText('Kopiëren lukte niet', { exact: true }) })
  for (let attempt = 1; ; attempt++) {
    await page.bringToFront()
    await button.click()
    await copied.or(failed).first().waitFor()
    if (await copied.isVisible()) return
    if (attempt === 3) throw new Error('Kopiëren lukte niet, three times with the page in front')
    await closeToast(page, 'Kopiëren lukte niet')
  }
}

function recordedToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts)
}

test('an edit pushed after the right to read was withdrawn is kept on the device with its values', async () => {
  // A retry starts afresh: a new administrator (the first attempt's lost the right to read
  // apps) and no app left from the first attempt.
  const admin = {
    email: file.email(`beheer-${Date.now()}`),
    password: 'ADMIN password',
    name: 'Bea Beheer',
  }
  const org = file.organisationId
  await signInInvitedUser(file.server, { email: admin.email, role: 'ADMIN', name: admin.name, org })
  for (const app of (await file.api.get('/api/app-connections')).json as { id: string }[]) {
    expect((await file.api.request('DELETE', `/api/app-connections/${app.id}`)).status).toBe(200)
  }
  const created = await createApp(file.api, {
    name: 'Boekhouding',
    url: 'https://boekhouding.example.com',
    description: 'Begin',
  })

  const context = await newContext(DESKTOP)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = await context.newPage()
  await openSignedIn(page, admin, '/apps')
  await page.getByRole('heading', { name: 'Boekhouding' }).waitFor()
  await waitForServiceWorker(page)

  // Offline, Bea edits the app.
  await goOffline(context, page)
  await page.getByRole('button', { name: 'Boekhouding bewerken' }).click()
  const dialog = page.getByRole('dialog', { name: 'App Bewerken' })
  await dialog.getByLabel('Naam *').fill('Boekhouding Noord')
  await dialog.getByLabel('Beschrijving').fill('Facturen van de vestiging in Groningen')
  await dialog.getByRole('button', { name: 'Opslaan' }).click()
  await waitForToast(page, 'App bijgewerkt')
  await dialog.waitFor({ state: 'detached' })

  // Meanwhile her right to read apps is withdrawn (a per-user withdrawal).
  const bea = ((await file.api.get('/api/users')).json as { id: string; email: string }[]).find(
    (user) => user.email === admin.email,
  )
  const organisationDb = openOrganisationFile(file.server.dataDir, file.organisationId)
  organisationDb.prepare('insert into user_permissions values (?, ?, 0)').run(bea?.id, 'apps.read')
  organisationDb.close()

  await recordToasts(page)
  await context.setOffline(false)
  // Push and pull both answer 403, in either order, and one toast replaces the other: the
  // toast left on screen names the change that was not processed.
  await page.getByRole('button', { name: 'Geweigerde wijzigingen: 1' }).waitFor()
  await expect
    .poll(() => recordedToasts(page))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Geen toegang meer/),
        expect.stringMatching(/^Wijziging geweigerd/),
      ]),
    )
  const toasts = await recordedToasts(page)
  expect(toasts.at(-1)).toMatch(
    /^Wijziging geweigerdApp Boekhouding Noord: Je hebt geen toegang meer tot deze gegevens; de wijziging is niet verwerkt\.$|^Geen toegang meerJe hebt geen toegang meer tot apps; ze zijn van dit apparaat verwijderd\. 1 wijziging van dit apparaat is niet verwerkt; je vindt ze met je waarden onder Niet verwerkte wijzigingen\.$/,
  )
  const apps: { id: string; name: string; description: string }[] = (
    await file.api.get('/api/app-connections')
  ).json
  expect(apps.find((app) => app.id === created.id)).toMatchObject({
    name: 'Boekhouding',
    description: 'Begin',
  })

  // After a reload the header still points to it, and the list shows it with her values.
  await page.reload()
  await waitForShell(page)
  await page.getByRole('link', { name: 'Niet verwerkte wijzigingen: 1' }).click()
  await page.waitForURL('**/sync-refusals')
  await page.getByRole('heading', { level: 1, name: 'Niet verwerkte wijzigingen' }).waitFor()
  await page.getByText('Laden...').waitFor({ state: 'detached' })
  const list = page.getByRole('list', { name: 'Niet verwerkte wijzigingen' })
  const item = list.getByRole('listitem').filter({ hasText: 'Boekhouding Noord' })
  await item.waitFor()
  expect(await list.getByRole('listitem').count()).toBe(1)
  const text = (await item.textContent()) ?? ''
  expect(text).toContain('Op dit apparaat')
  expect(text).toContain('Je hebt geen toegang meer tot deze gegevens')
  expect(text).toContain('App gewijzigd')
  await item.getByText('Jouw waarden').click()
  const values = item.getByRole('definition')
  await values.first().waitFor()
  expect(await values.allTextContents()).toEqual(
    expect.arrayContaining(['Boekhouding Noord', 'Facturen van de vestiging in Groningen']),
  )
  await copyWhileFocused(page, item.getByRole('button', { name: 'Kopiëren' }))
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    'Facturen van de vestiging in Groningen',
  )

  // The pictures without the toast over the item and without focus on its button.
  await page
    .getByRole('region', { name: /Meldingen/ })
    .getByRole('button', { name: 'Sluiten' })
    .click()
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'access-withdrawn-refusal-light')
  }
  await context.close()
}, 120_000)
