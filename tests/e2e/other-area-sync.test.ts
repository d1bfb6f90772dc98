import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { FILL_PROGRESS_PREFIX } from '#sync/client/fill-progress'
import { seedSales } from '../support/seed-organisation.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { addApp, waitForServiceWorker } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, newAppContext, PHONE, screenshot, waitForShell } from './page-helpers.ts'
import { launchGoldEstates, SALES_BASE, waitForSalesScreen } from './sales-helpers.ts'

// Work in one area reaches the server while the person is in the other (decision 029): a
// change made offline in Centraal goes out from a Gold Estates page, and the other way
// round, in one tab and across tabs with the area's own tab closed; meanwhile the header
// counts it and names its area; a logout names both areas' unsent work.

const file = setUpBrowserFile()

beforeAll(() => {
  // A sales database with nothing in it fills anew at each start, which offline shows no
  // data: the organisation has some sales, as one in use has.
  seedSales(file.server.deps.organisations.get(file.organisationId), file.organisationId, 1)
})

/** A context signed in to both areas (Gold Estates launched from Centraal), on its dashboard. */
async function openBothAreas(viewport = DESKTOP) {
  const context = await newAppContext(file.browser, file.server.url, viewport, {
    reducedMotion: true,
  })
  const page = await context.newPage()
  page.on('console', (message) => {
    if (process.env.DEBUG_E2E) console.log(`${Date.now() % 100000} ${message.text().slice(0, 300)}`)
  })
  await launchGoldEstates(page, file.root)
  await waitForSalesScreen(page, 'Dashboard')
  await waitForServiceWorker(page)
  // Both areas' databases filled for the first time, so their screens open offline.
  await waitForSynced(page)
  await page.goto('/apps')
  await waitForShell(page)
  await waitForSynced(page)
  await openSalesDashboard(page)
  return { context, page }
}

const UNSENT_IN_CENTRAAL = 'Synchronisatie: 1 wijziging in Centraal wacht op verzending'

/** The header's sync button, named after the sync state. */
const syncButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Synchronisatie:/ })

/** The header's sync state, as its button names it. */
async function syncState(page: Page) {
  const button = syncButton(page)
  // On a phone it is hidden while nothing waits, yet named.
  await button.waitFor({ state: 'attached' })
  return button.getAttribute('aria-label')
}

/** An app added offline in Centraal, then Gold Estates opened: its header counts it. */
async function leaveAppInCentraal(page: Page, name: string) {
  await addAppOffline(page, name)
  await openSalesDashboard(page)
  await expect.poll(() => syncState(page)).toBe(UNSENT_IN_CENTRAAL)
}

/**
 * Waits until the page's local database caught up with the server (the header says so)
 * and its first fill handed over to the replication (its marks are gone): a fill cut off
 * before that goes on at the next start, which offline shows no data.
 */
async function waitForSynced(page: Page) {
  // A phone's header names no state while nothing waits.
  const isPhone = (page.viewportSize()?.width ?? 0) < 640
  if (!isPhone) {
    await expect
      .poll(() => syncState(page), { timeout: 30_000 })
      .toBe('Synchronisatie: Gesynchroniseerd')
  }
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ prefix, isSales }) =>
            Object.keys(localStorage).filter(
              (key) =>
                key.startsWith(prefix) &&
                key.includes(':centraal-sales_') === isSales &&
                // The mark that the fill ended stays with the database.
                !key.endsWith(':#completed'),
            ),
          { prefix: FILL_PROGRESS_PREFIX, isSales: page.url().includes(SALES_BASE) },
        ),
      { timeout: 30_000 },
    )
    .toEqual([])
}

/** The names of what the organisation's file holds in a table, as the server stored it. */
function stored(table: 'app_connections' | 'sales_projects'): string[] {
  const db = openOrganisationFile(file.server.dataDir, file.organisationId)
  try {
    return db.prepare(`select name from ${table} where deleted = 0`).pluck().all() as string[]
  } finally {
    db.close()
  }
}

/** Adds an app on /apps offline; the header then says `state`. */
async function addAppOffline(
  page: Page,
  name: string,
  state = 'Synchronisatie: 1 wijziging wacht op verzending',
) {
  await page.goto('/apps')
  await waitForShell(page)
  await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
  await page.context().setOffline(true)
  await addApp(page, { name, url: `https://${name.toLowerCase()}.example.com`, description: '' })
  await expect.poll(() => syncState(page)).toBe(state)
}

/** Adds a Gold Estates project offline on its projects screen. */
async function addProjectOffline(page: Page, name: string) {
  await page.goto(`${SALES_BASE}/projects`)
  await waitForSalesScreen(page, 'Projecten')
  await page.context().setOffline(true)
  await page
    .getByRole('button', { name: /Nieuw Project|Voeg je eerste project toe/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Nieuw Project' })
  await dialog.getByLabel('Naam *').fill(name)
  await dialog.getByRole('button', { name: 'Toevoegen' }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('listitem', { name }).waitFor()
  await expect.poll(() => syncState(page)).toBe('Synchronisatie: 1 wijziging wacht op verzending')
}

/** Opens the Gold Estates dashboard (offline: from the service worker). */
async function openSalesDashboard(page: Page) {
  await page.goto(`${SALES_BASE}/dashboard`)
  await waitForSalesScreen(page, 'Dashboard')
}

/** Opens the Centraal dashboard (offline: from the service worker). */
async function openCentralDashboard(page: Page) {
  await page.goto('/')
  await waitForShell(page)
}

/** Comes back online and waits for the server to hold `name` while `page` stays where it is. */
async function expectSentFrom(
  page: Page,
  context: BrowserContext,
  table: 'app_connections' | 'sales_projects',
  name: string,
) {
  const where = new URL(page.url()).pathname
  await context.setOffline(false)
  await expect.poll(() => stored(table), { timeout: 20_000 }).toContain(name)
  expect(new URL(page.url()).pathname).toBe(where)
  await expect
    .poll(() => syncState(page), { timeout: 10_000 })
    .toBe('Synchronisatie: Gesynchroniseerd')
}

test('one tab: an app added offline in Centraal reaches the server from Gold Estates, whose header names it meanwhile', async () => {
  const { context, page } = await openBothAreas()
  expect(stored('app_connections')).not.toContain('Kruisapp')
  await leaveAppInCentraal(page, 'Kruisapp')
  await syncButton(page).click()
  const panel = page.getByRole('dialog', { name: 'Synchronisatie' })
  expect(await panel.getByRole('region', { name: 'In Centraal' }).textContent()).toContain(
    'App Kruisapp (nieuw)',
  )
  await screenshot(page, 'other-area-sync-desktop', { fullPage: false })
  await page.keyboard.press('Escape')
  await expectSentFrom(page, context, 'app_connections', 'Kruisapp')
  await context.close()
}, 90_000)

test('one tab: a project added offline in Gold Estates reaches the server from Centraal', async () => {
  const { context, page } = await openBothAreas()
  await addProjectOffline(page, 'Kruisproject')
  await openCentralDashboard(page)
  await expect
    .poll(() => syncState(page))
    .toBe('Synchronisatie: 1 wijziging in Gold Estates wacht op verzending')
  await expectSentFrom(page, context, 'sales_projects', 'Kruisproject')
  await context.close()
}, 90_000)

test('across tabs: with the area’s own tab closed, the other area’s tab sends its work, both ways', async () => {
  const { context, page: central } = await openBothAreas()
  const sales = await context.newPage()
  await openSalesDashboard(sales)
  await addAppOffline(central, 'Tabapp')
  await expect.poll(() => syncState(sales)).toBe(UNSENT_IN_CENTRAAL)
  await central.close()
  await expectSentFrom(sales, context, 'app_connections', 'Tabapp')

  // The other way: a project added in a Gold Estates tab, which closes; a Centraal tab sends it.
  const other = await context.newPage()
  await openCentralDashboard(other)
  await addProjectOffline(sales, 'Tabproject')
  await expect
    .poll(() => syncState(other))
    .toBe('Synchronisatie: 1 wijziging in Gold Estates wacht op verzending')
  await sales.close()
  await expectSentFrom(other, context, 'sales_projects', 'Tabproject')
  await context.close()
}, 120_000)

test('a Centraal logout names the unsent work of both areas, each under its name', async () => {
  const { context, page } = await openBothAreas()
  await addProjectOffline(page, 'Vraagproject')
  // Both areas' changes are counted, the other area's named.
  await addAppOffline(
    page,
    'Vraagapp',
    'Synchronisatie: 2 wijzigingen wachten op verzending (1 in Gold Estates)',
  )
  const question = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message())
      void dialog.dismiss()
    })
  })
  await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).click()
  expect(await question).toBe(
    [
      'Deze 2 wijzigingen zijn nog niet naar de server verstuurd:',
      'Centraal:',
      '• App Vraagapp (nieuw)',
      'Gold Estates:',
      '• Project Vraagproject (nieuw)',
      '',
      'Uitloggen verwijdert ze van dit apparaat. Toch uitloggen?',
    ].join('\n'),
  )
  // Dismissed: still signed in, and both go out once there is a connection.
  await context.setOffline(false)
  await expect.poll(() => stored('sales_projects'), { timeout: 20_000 }).toContain('Vraagproject')
  await expect.poll(() => stored('app_connections'), { timeout: 20_000 }).toContain('Vraagapp')
  await context.close()
}, 90_000)

test('a phone in Gold Estates shows the count of Centraal’s unsent change, and waits for a sign-in when Centraal’s session is gone', async () => {
  const { context, page } = await openBothAreas(PHONE)
  await leaveAppInCentraal(page, 'Telefoonapp')
  await syncButton(page).click()
  await screenshot(page, 'other-area-sync-phone', { fullPage: false })
  await page.keyboard.press('Escape')
  // Centraal's session ends (signed out elsewhere, expired): nothing can be sent for it.
  const cookies = await context.cookies()
  await context.clearCookies()
  await context.addCookies(cookies.filter((cookie) => !cookie.name.includes('centraal_session')))
  await context.setOffline(false)
  await expect
    .poll(() => syncState(page), { timeout: 20_000 })
    .toBe('Synchronisatie: 1 wijziging in Centraal wacht op inloggen')
  expect(stored('app_connections')).not.toContain('Telefoonapp')
  await syncButton(page).click()
  await page.getByRole('link', { name: 'Inloggen bij Centraal' }).waitFor()
  await context.close()
}, 90_000)
