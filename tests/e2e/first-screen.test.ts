import type { Page, Route } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { seedCentral, seedSales } from '../support/seed-organisation.ts'
import { waitForServiceWorker } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, PHONE, screenshot } from './page-helpers.ts'

// The first screen on a new device does not wait for the local database (decision 012):
// while it fills for the first time, the dashboards show the server's figures,
// the organisation's real ones, not the few documents that have arrived so far. Here the
// sync pulls are held back, so only the server can have given the figures; once they are
// let through, the same figures come from the local database.

const file = setUpBrowserFile()

const USERS = 300
const SALES = 120

beforeAll(async () => {
  const launched = await file.api.post('/api/admin/launch-gold-estates')
  expect(launched.status).toBe(200)
  const { organisationId } = file
  const db = file.server.deps.organisations.get(organisationId)
  seedCentral(db, organisationId, { users: USERS, apps: 40 })
  seedSales(db, organisationId, SALES)
})

/** A new browser of the signed-in superadmin whose sync pulls wait until `release()`. */
async function openWithPullsHeld(
  viewport: typeof PHONE,
): Promise<{ page: Page; release: () => void }> {
  const context = await file.browser.newContext({
    viewport,
    baseURL: file.server.url,
    locale: 'nl-NL',
  })
  await context.addCookies(
    [...file.api.cookies].map(([name, value]) => ({ name, value, url: file.server.url })),
  )
  const held: Route[] = []
  let isHolding = true
  await context.route('**/api/sync/v1/*/pull*', (route) => {
    if (isHolding) held.push(route)
    else void route.continue()
  })
  const page = await context.newPage()
  const release = () => {
    isHolding = false
    for (const route of held.splice(0)) void route.continue()
  }
  return { page, release }
}

/** The header's sync button while the first sync runs (hidden on a phone, but there). */
function firstSyncIndicator(page: Page) {
  return page.locator('button[aria-label^="Synchronisatie: Eerste synchronisatie"]')
}

async function figureOf(page: Page, title: string) {
  return page.getByLabel(title, { exact: true }).locator('p').first().textContent()
}

test.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])(
  'the Centraal dashboard shows the real figures before the local database has them (%s)',
  async (_name, viewport) => {
    const { page, release } = await openWithPullsHeld(viewport)
    await page.goto('/')
    // The first superadmin is one of the users.
    const total = new Intl.NumberFormat('nl-NL').format(USERS + 1)
    await expect.poll(() => figureOf(page, 'Totaal Gebruikers')).toBe(total)
    expect(await figureOf(page, 'Totaal Apps')).toBe('40')
    // The header says the first sync is under way.
    await expect.poll(() => firstSyncIndicator(page).count()).toBe(1)
    await screenshot(page, 'dashboard-first-sync')
    release()
    await firstSyncIndicator(page).waitFor({ state: 'detached' })
    expect(await figureOf(page, 'Totaal Gebruikers')).toBe(total)
    await page.context().close()
  },
)

test.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])(
  'the Gold Estates dashboard shows the real figures before the local database has them (%s)',
  async (_name, viewport) => {
    const { page, release } = await openWithPullsHeld(viewport)
    await page.goto('/gold-estates/dashboard')
    await expect.poll(() => figureOf(page, 'Totaal Verkoop')).toBe(String(SALES))
    await expect.poll(() => firstSyncIndicator(page).count()).toBe(1)
    await screenshot(page, 'sales-dashboard-first-sync')
    release()
    await firstSyncIndicator(page).waitFor({ state: 'detached' })
    expect(await figureOf(page, 'Totaal Verkoop')).toBe(String(SALES))
    await page.context().close()
  },
)

test.each([
  ['Centraal', '/', 'Totaal Gebruikers', ['/api/auth/user', '/api/stats', '/api/activities']],
  [
    'Gold Estates',
    '/gold-estates/dashboard',
    'Totaal Verkoop',
    [
      '/api/gold-estates/auth/user',
      '/api/gold-estates/commissions/dashboard?salesListLimit=1&upcomingLimit=5',
    ],
  ],
])(
  'the %s dashboard’s first answers are asked with the page and each asked once',
  async (_area, pagePath, figure, firstAnswers) => {
    const { page, release } = await openWithPullsHeld(PHONE)
    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`)
    })
    // The app's code is held back: only the page itself can ask for them.
    const scripts: Route[] = []
    let isHoldingScripts = true
    await page.route('**/assets/*.js', (route) => {
      if (isHoldingScripts) scripts.push(route)
      else void route.continue()
    })
    await page.goto(pagePath, { waitUntil: 'commit' })
    await expect.poll(() => asked.length).toBe(firstAnswers.length)
    expect(asked.toSorted()).toEqual(firstAnswers.toSorted())
    isHoldingScripts = false
    for (const script of scripts.splice(0)) await script.continue()
    await expect.poll(() => figureOf(page, figure)).toMatch(/\d/)
    // The app took those answers instead of asking again.
    for (const answer of firstAnswers) {
      expect(asked.filter((url) => url === answer)).toHaveLength(1)
    }
    release()
    await page.context().close()
  },
)

test('before the app’s code has arrived the page already says it is loading; without JavaScript it says why nothing comes', async () => {
  const context = await file.browser.newContext({ viewport: PHONE, baseURL: file.server.url })
  // The scripts never arrive (a slow phone network, stretched without end).
  await context.route('**/assets/*.js', () => undefined)
  const waiting = await context.newPage()
  // Not 'domcontentloaded': that waits for the module scripts, which never come. Not /:
  // a signed-out visitor gets the landing page there, rendered ahead (decision 014).
  await waiting.goto('/login', { waitUntil: 'commit' })
  await waiting.getByRole('status').waitFor()
  expect(await waiting.getByRole('status').textContent()).toBe('Laden...')
  await context.close()

  const withoutScripts = await file.browser.newContext({
    viewport: PHONE,
    baseURL: file.server.url,
    javaScriptEnabled: false,
  })
  const page = await withoutScripts.newPage()
  await page.goto('/')
  // Playwright's text locators skip <noscript>; innerText holds only what is shown.
  // biome-ignore lint/performance/useDomNodeTextContent: what is shown is the point
  const shown = await page.locator('body').innerText()
  expect(shown).toContain('Centraal heeft JavaScript nodig')
  expect(shown).not.toContain('Laden...')
  // The landing page, rendered ahead, reads without JavaScript.
  expect(shown).toContain('Eén plek voor je organisaties')
  await withoutScripts.close()
})

/** A new phone-sized browser of the signed-in superadmin (both areas' sessions). */
async function signedInPhone() {
  const context = await file.browser.newContext({ viewport: PHONE, baseURL: file.server.url })
  await context.addCookies(
    [...file.api.cookies].map(([name, value]) => ({ name, value, url: file.server.url })),
  )
  return context
}

test.each([
  { area: 'Centraal', path: '/', session: '/api/auth/user', code: 'signed-in-routes' },
  {
    area: 'Gold Estates',
    path: '/gold-estates/dashboard',
    session: '/api/gold-estates/auth/user',
    code: 'sales-routes',
  },
])(
  '$area’s code is asked with the page, before any of the app’s code ran (the real build’s preloads)',
  async ({ path, session, code }) => {
    const context = await signedInPhone()
    // Every other script and the session answer are held until the area's code was asked:
    // without the page's modulepreload tags that code is asked only by code that ran (once
    // the app's chunks arrived, in Centraal once the session named someone), never here.
    const isAreaCode = (url: string) => new RegExp(`/assets/${code}-[^/]+\\.js$`).test(url)
    let isCodeAsked = false
    let onCodeAsked = () => {}
    const codeAsked = new Promise<void>((resolve) => {
      onCodeAsked = resolve
    })
    const holdUntilCodeAsked = async (route: Route) => {
      if (!isAreaCode(route.request().url())) await codeAsked
      await route.continue()
    }
    await context.route('**/assets/*.js', holdUntilCodeAsked)
    await context.route(`**${session}`, holdUntilCodeAsked)
    const page = await context.newPage()
    page.on('request', (request) => {
      if (isAreaCode(request.url())) {
        isCodeAsked = true
        onCodeAsked()
      }
    })
    await page.goto(path, { waitUntil: 'commit' })
    await expect.poll(() => isCodeAsked, { timeout: 20_000 }).toBe(true)
    await context.close()
  },
)

test.each([
  { area: 'Centraal', path: '/', own: 'signed-in-routes', other: 'sales-routes' },
  {
    area: 'Gold Estates',
    path: '/gold-estates/dashboard',
    own: 'sales-routes',
    other: 'signed-in-routes',
  },
])(
  'on a returning device $area’s page names its own code and first answers, never the other area’s',
  async ({ path, own, other }) => {
    const context = await signedInPhone()
    // Installed while the other area was open: its hints are not the copy's to keep.
    const first = await context.newPage()
    await first.goto(path === '/' ? '/gold-estates/dashboard' : '/')
    await waitForServiceWorker(first)
    await first.close()

    const page = await context.newPage()
    const asked: string[] = []
    page.on('request', (request) => asked.push(new URL(request.url()).pathname))
    expect((await page.goto(path))?.fromServiceWorker()).toBe(true)
    const hinted = await page.evaluate(() =>
      [...document.head.querySelectorAll('link[rel=modulepreload], link[rel=preload]')].map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      ),
    )
    const firstAnswers =
      path === '/'
        ? ['/api/auth/user', '/api/stats']
        : ['/api/gold-estates/auth/user', '/api/gold-estates/commissions/dashboard']
    expect(hinted).toEqual(expect.arrayContaining(firstAnswers))
    expect(hinted.filter((url) => url.includes(`/${own}-`))).toHaveLength(1)
    expect(hinted.filter((url) => url.includes(`/${other}-`))).toEqual([])
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    expect(asked.filter((url) => url.includes(`/${other}-`))).toEqual([])
    await context.close()
  },
)
