import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { launchBrowser } from '../support/browser.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { DESKTOP, screenshot, signInOnPage } from './page-helpers.ts'

// The sync state a person sees while a new device fills for the first time.

let server: TestServer
let browser: Browser
const root = { email: 'root@example.com', password: 'root password' }

beforeAll(async () => {
  server = await startTestServer()
  browser = await launchBrowser()
  const api = await signInFirstSuperadmin(server, root.email)
  for (let index = 0; index < 40; index++) {
    await api.post('/api/app-connections', {
      name: `App ${index}`,
      url: `https://a${index}.example.com`,
    })
  }
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

test('the first sync shows its progress in the header (desktop; a phone shows only waiting changes)', async () => {
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL: server.url,
    locale: 'nl-NL',
  })
  const page = await context.newPage()
  await signInOnPage(page, root)
  // A fresh device: its database is new; the activity log arrives slowly.
  const fresh = await browser.newContext({
    viewport: DESKTOP,
    baseURL: server.url,
    locale: 'nl-NL',
  })
  await fresh.addCookies(
    (await context.cookies()).map(({ name, value }) => ({ name, value, url: server.url })),
  )
  const device = await fresh.newPage()
  // The activity log's first pull waits until the screenshot is taken: the first sync is
  // under way for as long as the test needs.
  let releasePull: () => void = () => undefined
  const pullHeld = new Promise<void>((resolve) => {
    releasePull = resolve
  })
  await device.route('**/api/sync/v1/activities/pull**', async (route) => {
    await pullHeld
    await route.continue().catch(() => undefined)
  })
  await device.goto('/apps')
  const syncState = device.locator('header button[aria-label^="Synchronisatie:"]')
  await expect
    .poll(() => syncState.getAttribute('aria-label'))
    .toMatch(/^Synchronisatie: Eerste synchronisatie: \d+ items ontvangen$/)
  await syncState.click()
  await device
    .getByRole('dialog', { name: 'Synchronisatie' })
    .getByText(/voor het eerst op dit apparaat/)
    .waitFor()
  await screenshot(device, 'sync-state-first-sync', { fullPage: false })
  await device.keyboard.press('Escape')
  releasePull()
  await expect
    .poll(() => syncState.getAttribute('aria-label'), { timeout: 15_000 })
    .toBe('Synchronisatie: Gesynchroniseerd')
  await fresh.close()
  await context.close()
})
