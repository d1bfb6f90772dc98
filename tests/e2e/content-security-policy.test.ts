import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import type { Client } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { DESKTOP, PHONE } from './page-helpers.ts'

// Every screen of both areas, signed out and signed in, at phone and desktop size, under
// the server's Content-Security-Policy: not one violation (an inline script, a foreign
// connection, a blocked style) may be reported.

let server: TestServer
let browser: Browser
let api: Client

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
  api = await signInFirstSuperadminWithGoldEstates(server)
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
    const changes = { count: 0 }
    Object.assign(window, { cspViolations: seen, domChanges: changes })
    new MutationObserver(() => {
      changes.count++
    }).observe(document, { childList: true, subtree: true, attributes: true })
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
 * Visits the screens of one area in one tab, as a person would: the first is loaded, the
 * others are reached by the app's own navigation (the router follows `popstate`), so each
 * screen's code and styles arrive as they do in use. A screen is done when it has settled:
 * its heading on screen, nothing it asked for (a script, a style, an answer) on its way and
 * the page no longer changing; signed in, the first also waits until the local database has caught up with the server (the
 * replication's connections were made).
 */
async function visitArea(context: BrowserContext, urls: string[], signedIn: boolean) {
  const page: Page = await context.newPage()
  const console: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text())
  })
  const onTheirWay = new Set<Request>()
  page.on('request', (request) => {
    // Playwright reports the page starting the shared database worker, never that its
    // script arrived.
    if (/\/stream|\/database-worker-/.test(request.url())) return
    onTheirWay.add(request)
  })
  page.on('requestfinished', (request) => onTheirWay.delete(request))
  page.on('requestfailed', (request) => onTheirWay.delete(request))
  const violations: string[] = []
  const takeReported = async (url: string) => {
    const reported = await page.evaluate(() => {
      const seen = (window as unknown as { cspViolations: string[] }).cspViolations
      return seen.splice(0)
    })
    violations.push(...[...reported, ...console.splice(0)].map((text) => `${url}: ${text}`))
  }
  // Settled: nothing on its way and the page unchanged between two looks 150 ms apart.
  let changesSeen = -1
  const settled = () =>
    expect
      .poll(
        async () => {
          const changes = await page.evaluate(
            () => (window as unknown as { domChanges: { count: number } }).domChanges.count,
          )
          const isStill = changes === changesSeen && onTheirWay.size === 0
          changesSeen = changes
          return isStill
        },
        { interval: 150 },
      )
      .toBe(true)
  for (const [index, url] of urls.entries()) {
    if (index === 0) {
      await page.goto(url)
    } else {
      await page.evaluate(async (next) => {
        history.pushState(null, '', next)
        dispatchEvent(new PopStateEvent('popstate'))
        // Two frames: the router has rendered and asked for the screen's code.
        for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame)
      }, url)
    }
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    if (signedIn && index === 0) {
      await page
        .locator('header button[aria-label="Synchronisatie: Gesynchroniseerd"]')
        .first()
        .waitFor({ state: 'attached' })
    }
    await settled()
    // Open the first dialog a screen offers, if any: dialogs inject their own styles.
    const opener = page.getByRole('button', { name: /Nieuwe|Toevoegen|Nieuw project/ }).first()
    if (await opener.isVisible().catch(() => false)) {
      await opener.click()
      await page.getByRole('dialog').waitFor()
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      await settled()
    }
    await takeReported(url)
  }
  await page.close()
  return violations
}

test.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])(
  'no screen reports a CSP violation (%s)',
  async (_name, viewport) => {
    const violations: string[] = []
    const signedOut = await openContext(viewport, false)
    // The landing page is its own document (decision 014); the others are the app's.
    const [landing, ...publicScreens] = SIGNED_OUT
    violations.push(...(await visitArea(signedOut, [landing ?? '/'], false)))
    violations.push(...(await visitArea(signedOut, publicScreens, false)))
    await signedOut.close()
    const signedIn = await openContext(viewport, true)
    violations.push(...(await visitArea(signedIn, CENTRAL, true)))
    violations.push(...(await visitArea(signedIn, SALES, true)))
    await signedIn.close()
    expect(violations).toEqual([])
  },
  180_000,
)
