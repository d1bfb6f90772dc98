import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { countInOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import {
  DESKTOP,
  logOutHere,
  PHONE,
  screenshot,
  submitLogin,
  waitForShell,
} from './page-helpers.ts'

// One browser, two people of two organisations. Anna adds an app offline; her session
// ends before it is sent; Ben signs in on the same browser. Nothing of Anna's reaches
// Ben's organisation, nothing of Ben's shows in Anna's database, and Anna's app is sent
// (once) when she signs in again.

let server: TestServer
let browser: Browser
let annaId: string
const anna = { email: 'anna@example.com', password: 'root password' }
const ben = { email: 'ben@b.example', password: 'ADMIN password' }

beforeAll(async () => {
  server = await startTestServer()
  browser = await connectBrowser()
  const api = await signInFirstSuperadmin(server, anna.email)
  annaId = (await api.get('/api/auth/user')).json.id
  await createOrganisation(server.deps, { id: 'org-b', name: 'B', slug: 'org-b' })
  const benApi = await signInInvitedUser(server, { email: ben.email, role: 'ADMIN', org: 'org-b' })
  await benApi.post('/api/app-connections', { name: 'App van Ben', url: 'https://ben.example.com' })
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const countApps = (organisationId: string, name: string) =>
  countInOrganisationFile(
    server.dataDir,
    organisationId,
    'select count(*) from app_connections where name = ? and deleted = 0',
    name,
  )

/** Signs in on the login form the page shows: the shared browser's screen is the subject. */
async function signInHere(page: Page, account: { email: string; password: string }) {
  await submitLogin(page, account)
  await waitForShell(page)
}

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)(
  "a shared browser (%s): Anna's offline write never lands as Ben, and is sent when she is back",
  async (name, viewport) => {
    const APP = `Van Anna offline (${name})`
    const context = await browser.newContext({ viewport, baseURL: server.url, locale: 'nl-NL' })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    // By CSS: a phone hides the indicator while all is sent, which takes it out of the
    // accessibility tree.
    const syncState = page.locator('header button[aria-label^="Synchronisatie:"]')
    const isSynced = () =>
      expect
        .poll(() => syncState.getAttribute('aria-label'), { timeout: 10_000 })
        .toBe('Synchronisatie: Gesynchroniseerd')
    await page.goto('/login')
    await signInHere(page, anna)
    // The first sync ends before the reload: a fill cut off by leaving the page is decision
    // 011's known gap (its documents are pushed again as replays and show as waiting).
    await isSynced()
    await page.goto('/apps')
    await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
    await isSynced()
    if (viewport === DESKTOP) {
      // A phone shows the indicator only while changes wait.
      await syncState.click()
      await page
        .getByRole('dialog', { name: 'Synchronisatie' })
        .getByText(/^Laatst gesynchroniseerd/)
        .waitFor()
      await screenshot(page, 'sync-state-synced', { fullPage: false })
      await page.keyboard.press('Escape')
    }
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Nieuwe App' }).first().click()
    await page.getByLabel('Naam *').fill(APP)
    await page.getByLabel('URL *').fill('https://anna.example.com')
    await page.getByRole('button', { name: 'Toevoegen', exact: true }).click()
    await page.getByText(APP).first().waitFor()
    // The header says what waits, by name.
    await expect
      .poll(() => syncState.getAttribute('aria-label'))
      .toBe('Synchronisatie: 1 wijziging wacht op verzending')
    await syncState.click()
    await page
      .getByRole('dialog', { name: 'Synchronisatie' })
      .getByText(`App ${APP} (nieuw)`)
      .waitFor()
    await screenshot(page, 'sync-state-waiting', { fullPage: false })
    await page.keyboard.press('Escape')
    // Anna's session ends (expired, or ended elsewhere) before the app was sent.
    await server.deps.directory.deleteAccountSessions({
      kind: 'central',
      organisationId: 'default-org',
      userId: annaId,
    })
    await context.setOffline(false)
    await page.getByRole('button', { name: 'Log In' }).waitFor()
    // Ben signs in on the same browser and sees his organisation only.
    await signInHere(page, ben)
    await page.goto('/apps')
    await page.getByText('App van Ben').first().waitFor()
    // Once Ben's device has caught up, anything of Anna's would be on screen.
    await isSynced()
    expect(await page.getByText(APP).count()).toBe(0)
    await screenshot(page, 'shared-device-ben', { fullPage: false })
    expect(countApps('org-b', APP)).toBe(0)
    expect(countApps('default-org', APP)).toBe(0)
    // Ben logs out: his data goes, Anna's stays on the device.
    await logOutHere(page)
    await page.goto('/login')
    // Anna is back: her app goes up, once, in her organisation.
    await signInHere(page, anna)
    await page.goto('/apps')
    await page.getByText(APP).first().waitFor()
    await expect.poll(() => countApps('default-org', APP), { timeout: 15_000 }).toBe(1)
    expect(countApps('org-b', APP)).toBe(0)
    expect(await page.getByText('App van Ben').count()).toBe(0)
    // Leave signed out for the next run; nothing waits, so logout asks nothing.
    await isSynced()
    await logOutHere(page)
    await context.close()
  },
)
