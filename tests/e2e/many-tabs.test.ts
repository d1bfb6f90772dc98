import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { launchBrowser } from '../support/browser.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { DESKTOP, signInOnPage, waitForShell } from './page-helpers.ts'

// A browser allows six connections to one host (HTTP/1.1). Only the tab that replicates
// holds the live event stream, so a seventh tab still loads and a change made in one tab
// reaches every other tab.

let server: TestServer
let browser: Browser
const root = { email: 'root@example.com', password: 'root password' }

beforeAll(async () => {
  server = await startTestServer()
  browser = await launchBrowser()
  await signInFirstSuperadmin(server, root.email)
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

test('seven tabs of one person: the seventh loads, and an edit in one shows in the others', async () => {
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL: server.url,
    locale: 'nl-NL',
  })
  context.setDefaultTimeout(15_000)
  const first = await context.newPage()
  await signInOnPage(first, root)
  const pages = [first]
  for (let index = 1; index < 7; index++) {
    const page = await context.newPage()
    await page.goto('/apps')
    await waitForShell(page)
    await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
    pages.push(page)
  }
  const seventh = pages[6]
  // The seventh tab's own calls are answered, not stalled behind six open streams.
  const status = await seventh?.evaluate(async () => (await fetch('/api/auth/user')).status)
  expect(status).toBe(200)
  // Written in the first tab's local database, it reaches the server and every tab.
  await first.goto('/apps')
  await first.getByRole('button', { name: 'Nieuwe App' }).click()
  await first.getByLabel('Naam *').fill('Zevende Tab')
  await first.getByLabel('URL *').fill('https://zeven.example.com')
  await first.getByRole('button', { name: 'Toevoegen', exact: true }).click()
  for (const page of pages.slice(1)) {
    await page.getByText('Zevende Tab').first().waitFor()
  }
  await context.close()
})
