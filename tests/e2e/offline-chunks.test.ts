import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInNewOrganisation } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import type { TestServer } from '../support/test-server.ts'
import { waitForServiceWorker } from './app-helpers.ts'
import { newAppContext, openSignedIn, PHONE } from './page-helpers.ts'
import { useSharedServer } from './shared-server.ts'

// The areas and their screens load on demand, and the service worker precaches every
// part: a phone that only ever opened Centraal while online still opens Gold Estates, and
// a screen it never opened, without a connection.

let server: TestServer
let browser: Browser
let root: { email: string; password: string }

beforeAll(async () => {
  server = await useSharedServer()
  browser = await connectBrowser()
  ;({ root } = await signInNewOrganisation(server))
})

afterAll(async () => {
  await browser?.close()
})

/** A phone signed in as root, noting every request for a script whose URL matches. */
async function signInWatching(script: RegExp) {
  const context = await newAppContext(browser, server.url, PHONE)
  const page = await context.newPage()
  const requested: string[] = []
  page.on('request', (request) => {
    if (script.test(request.url())) requested.push(request.url())
  })
  await openSignedIn(page, root)
  return { context, page, requested }
}

test('a Gold Estates screen opens offline on a device that only visited Centraal online', async () => {
  const { context, page, requested: salesCode } = await signInWatching(/\/assets\/sales-routes-/)
  await page.goto('/apps')
  await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
  await waitForServiceWorker(page)
  // The page itself never asked for the Gold Estates code while online.
  expect(salesCode).toEqual([])

  await context.setOffline(true)
  await page.goto('/gold-estates/login')
  await page.getByRole('heading', { name: 'Sales Management Portal' }).waitFor()
  // It came from the service worker's precache.
  expect(salesCode.length).toBeGreaterThan(0)
  await context.close()
})

test('a Centraal screen never opened online (Gebruikers) opens offline from the precache', async () => {
  const { context, page, requested: usersCode } = await signInWatching(/\/assets\/users-page-/)
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await waitForServiceWorker(page)
  // Only the Dashboard was shown: the Gebruikers screen's code was not asked for.
  expect(usersCode).toEqual([])

  await context.setOffline(true)
  await page.goto('/users')
  await page.getByRole('heading', { level: 1, name: 'Gebruikers' }).waitFor()
  expect(usersCode.length).toBeGreaterThan(0)
  await context.close()
})
