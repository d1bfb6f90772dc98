import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInNewOrganisation } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { createClient } from '../support/http.ts'
import type { TestServer } from '../support/test-server.ts'
import { waitForServiceWorker } from './app-helpers.ts'
import { hasHorizontalOverflow, PHONE, screenshot } from './page-helpers.ts'
import { useSharedServer } from './shared-server.ts'

// The landing page a signed-out visitor opens at / is built ahead (decision 014): it shows
// before any of the app's code runs, and what someone does on it before that code arrives
// is carried out once it does.

let server: TestServer
let browser: Browser

beforeAll(async () => {
  server = await useSharedServer()
  browser = await connectBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function openLanding(): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url })
  context.setDefaultTimeout(8000)
  // A phone's page is not hovered. Chromium's headless shell (the tests' browser) places a
  // mouse at the page's top left, whose `pointerover` would start the app's code before
  // anyone acts (web/static/landing.js loads it on a hover); the page does not hear it.
  await context.addInitScript(() => {
    window.addEventListener('pointerover', (event) => event.stopPropagation(), { capture: true })
  })
  const page = await context.newPage()
  await page.goto('/', { waitUntil: 'load' })
  return page
}

const isBuiltAhead = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.prerendered === 'landing')

test('/ signed out: the landing page is in the HTML, and only a session cookie gets the app instead', async () => {
  const visitor = createClient(server.url)
  const landing = await visitor.get('/')
  expect(landing.status).toBe(200)
  expect(landing.text).toContain('Eén plek voor je organisaties')
  expect(landing.text).toMatch(/Centraal <!-- -->\d+\.\d+\.\d+/)
  expect(landing.text).toContain('data-prerendered="landing"')
  expect(landing.text).not.toContain('type="module"')
  // Other addresses, and / with a session, are the app's page.
  for (const path of ['/login', '/help']) {
    expect((await visitor.get(path)).text).toContain('type="module"')
  }
  const { api: root } = await signInNewOrganisation(server)
  const signedIn = await root.get('/')
  expect(signedIn.text).not.toContain('data-prerendered')
  expect(signedIn.text).toContain('type="module"')
})

test('the landing page shows without the app’s code; a press made before it runs opens the login dialog', async () => {
  const page = await openLanding()
  await page.getByRole('heading', { level: 1, name: 'Centraal' }).waitFor()
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'landing-built-ahead')
  // Nothing has run the app: once the page has loaded all it asks for, it is still the one
  // built ahead.
  await page.waitForLoadState('networkidle')
  expect(await isBuiltAhead(page)).toBe(true)

  await page.getByRole('button', { name: 'Gratis proberen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in to your account' })
  await dialog.waitFor()
  expect(await isBuiltAhead(page)).toBe(false)
  // The app's landing page took the place of the one built ahead: one page, not two.
  expect(await page.locator('#root').count()).toBe(1)
  expect(await page.locator('h1').count()).toBe(1)
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('button', { name: 'Start Nu' }).click()
  await dialog.waitFor()
})

test('the theme switched before the app runs stays switched; the keyboard’s focus stays where it was', async () => {
  const page = await openLanding()
  await page.getByRole('button', { name: 'Licht thema' }).click()
  await page.getByRole('button', { name: 'Donker thema' }).waitFor()
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
  // The app handles its own presses from then on: nothing is kept for a later visit of /.
  await page.getByRole('button', { name: 'Donker thema' }).click()
  await page.getByRole('button', { name: 'Licht thema' }).waitFor()
  expect(await page.evaluate(() => document.documentElement.dataset.intent)).toBeUndefined()

  // Tabbing through a fresh page: the code loads meanwhile and replaces the page, and the
  // focus stays on the same button, so Enter opens the dialog.
  const keyboard = await openLanding()
  await keyboard.keyboard.press('Tab')
  await keyboard.keyboard.press('Tab')
  await keyboard.waitForFunction(() => document.documentElement.dataset.prerendered === undefined)
  expect(await keyboard.evaluate(() => document.activeElement?.textContent)).toBe('Inloggen')
  await keyboard.keyboard.press('Enter')
  await keyboard.getByRole('dialog', { name: 'Log in to your account' }).waitFor()
})

test('a device that only saw the landing page built ahead has the app offline, from the service worker', async () => {
  const page = await openLanding()
  // landing.js registered the service worker without any of the app's code having run.
  await waitForServiceWorker(page)
  expect(await isBuiltAhead(page)).toBe(true)

  await page.context().setOffline(true)
  // The app's page and code come from the precache; who is signed in cannot be asked
  // offline, and the app says so (as on any device that never signed in).
  await page.reload()
  await page.getByText('Geen verbinding met de server').waitFor()
  await page.context().setOffline(false)
  await page.getByRole('button', { name: 'Opnieuw proberen' }).click()
  await page.getByRole('button', { name: 'Inloggen' }).click()
  await page.getByRole('dialog', { name: 'Log in to your account' }).waitFor()
  await page.context().close()
})
