import type { BrowserContext } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, newAppContext, PHONE, screenshot } from './page-helpers.ts'

// A link to /api/logout (another site's, or an old bookmark) opens a page that asks; only
// its button logs out, of Centraal and Gold Estates both.

const file = setUpBrowserFile()

beforeAll(async () => {
  expect((await file.api.post('/api/admin/launch-gold-estates')).status).toBe(200)
})

/** A browser signed in to both areas with the API client's sessions. */
async function openSignedIn(viewport: { width: number; height: number }) {
  const context = await newAppContext(file.browser, file.server.url, viewport, {
    serviceWorker: false,
  })
  await context.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  const host = new URL(file.server.url).hostname
  await context.addCookies(
    [...file.api.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/' })),
  )
  return context
}

async function sessionStatuses(context: BrowserContext) {
  const central = await context.request.get('/api/auth/user')
  const sales = await context.request.get('/api/gold-estates/auth/user')
  return { central: central.status(), sales: sales.status() }
}

test.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('on a %s the page asks, Annuleren keeps the sessions', async (_name, viewport) => {
  const context = await openSignedIn(viewport)
  const page = await context.newPage()
  await page.goto('/api/logout')
  await page.getByRole('heading', { name: 'Wil je uitloggen?' }).waitFor()
  // The app's stylesheet dresses the button as the app's own.
  const button = page.getByRole('button', { name: 'Uitloggen' })
  expect(await button.evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe('0px')
  // Under the server's Content-Security-Policy: its theme script and styles are allowed.
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  )
  expect(violations).toEqual([])
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark')
  await screenshot(page, 'logout-page')
  expect(await sessionStatuses(context)).toEqual({ central: 200, sales: 200 })
  await page.getByRole('link', { name: 'Annuleren' }).click()
  await page.waitForURL((url) => url.pathname === '/')
  expect(await sessionStatuses(context)).toEqual({ central: 200, sales: 200 })
  await context.close()
})

test('Uitloggen ends both sessions and opens the landing page', async () => {
  const other = await openSignedIn(DESKTOP)
  const context = await openSignedIn(DESKTOP)
  const page = await context.newPage()
  await page.goto('/api/logout')
  await page.getByRole('button', { name: 'Uitloggen' }).click()
  await page.waitForURL((url) => url.pathname === '/')
  expect(await sessionStatuses(context)).toEqual({ central: 401, sales: 401 })
  // The same sessions, in another browser of the same person, ended too (server-side).
  expect(await sessionStatuses(other)).toEqual({ central: 401, sales: 401 })
  await page.getByRole('button', { name: 'Inloggen' }).first().waitFor()
  await other.close()
  await context.close()
})
