import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import type { createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { DESKTOP, PHONE } from './page-helpers.ts'

// Every screen of both areas, signed out and signed in, at phone and desktop size, under
// the server's Content-Security-Policy: not one violation (an inline script, a foreign
// connection, a blocked style) may be reported.

let server: TestServer
let browser: Browser
let api: ReturnType<typeof createClient>

const SIGNED_OUT = ['/', '/login', '/register', '/setup', '/help', '/terms', '/forgot-password']
const CENTRAL = [
  '/',
  '/users',
  '/apps',
  '/activities',
  '/settings',
  '/settings?tab=backups',
  '/settings?tab=systeem',
  '/settings?tab=organisaties',
  '/bestaat-niet',
]
const SALES = [
  '/gold-estates/dashboard',
  '/gold-estates/sales/new',
  '/gold-estates/commissions',
  '/gold-estates/statistics',
  '/gold-estates/settings',
  '/gold-estates/projects',
  '/gold-estates/sellers',
  '/gold-estates/sheets-sync',
]

beforeAll(async () => {
  server = await startTestServer()
  browser = await connectBrowser()
  api = await signInFirstSuperadmin(server)
  expect((await api.post('/api/admin/launch-gold-estates')).status).toBe(200)
  await api.post('/api/gold-estates/projects', { name: 'Havenkwartier', totalUnits: 10 })
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A browser context that records every CSP violation the page reports. */
async function openContext(viewport: { width: number; height: number }, signedIn: boolean) {
  const context = await browser.newContext({ viewport, baseURL: server.url, locale: 'nl-NL' })
  context.setDefaultTimeout(10_000)
  await context.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`)
    })
  })
  if (signedIn) {
    const host = new URL(server.url).hostname
    await context.addCookies(
      [...api.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/' })),
    )
  }
  return context
}

/**
 * Opens a screen and waits until it has done what it does on its own: its heading is on
 * screen (its code and styles are in) and, signed in, the local database has caught up with
 * the server (the replication's connections were made).
 */
async function visit(context: BrowserContext, url: string, signedIn: boolean): Promise<string[]> {
  const page: Page = await context.newPage()
  const console: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text())
  })
  await page.goto(url)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  if (signedIn) {
    await page
      .locator('header button[aria-label="Synchronisatie: Gesynchroniseerd"]')
      .first()
      .waitFor({ state: 'attached' })
  }
  // Open the first dialog a screen offers, if any: dialogs inject their own styles.
  const opener = page.getByRole('button', { name: /Nieuwe|Toevoegen|Nieuw project/ }).first()
  if (await opener.isVisible().catch(() => false)) {
    await opener.click()
    await page.getByRole('dialog').waitFor()
  }
  const reported = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  )
  await page.close()
  return [...reported, ...console].map((text) => `${url}: ${text}`)
}

test.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])(
  'no screen reports a CSP violation (%s)',
  async (_name, viewport) => {
    const violations: string[] = []
    const signedOut = await openContext(viewport, false)
    for (const url of SIGNED_OUT) violations.push(...(await visit(signedOut, url, false)))
    await signedOut.close()
    const signedIn = await openContext(viewport, true)
    for (const url of [...CENTRAL, ...SALES]) {
      violations.push(...(await visit(signedIn, url, true)))
    }
    await signedIn.close()
    expect(violations).toEqual([])
  },
  180_000,
)
