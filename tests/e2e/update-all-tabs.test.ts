import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { eventually } from '../support/eventually.ts'
import type { Client } from '../support/http.ts'
import { countInOrganisationFile } from '../support/sqlite.ts'
import type { TestServer } from '../support/test-server.ts'
import { waitForServiceWorker } from './app-helpers.ts'
import { publishNewVersion, removeBuildCopy, startServerOnBuildCopy } from './build-copy.ts'
import { DESKTOP, newAppContext, signInOnPage, waitForShell } from './page-helpers.ts'

// A new version takes over every tab of the browser at once: "Vernieuwen" in one tab
// reloads them all, so none keeps running code whose precached parts are gone, and the
// edits each tab made offline and had not sent yet reach the server once, after it.

let server: TestServer
let browser: Browser
let api: Client
const root = { email: 'root@example.com', password: 'root password' }
/** The file's copy of the build, where it publishes new versions of its own. */
let webRoot: string

beforeAll(async () => {
  ;({ server, webRoot } = await startServerOnBuildCopy('web-update-all-tabs-test'))
  browser = await connectBrowser()
  api = await signInFirstSuperadmin(server, root.email)
  for (const name of ['App Een', 'App Twee']) {
    await api.post('/api/app-connections', { name, url: 'https://example.com' })
  }
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (webRoot) removeBuildCopy(webRoot)
})

/** How often the server recorded an edit of this app (one per edit it took). */
function countEdits(name: string) {
  return countInOrganisationFile(
    server.dataDir,
    'default-org',
    "select count(*) from activities where action = 'App bijgewerkt' and target = ?",
    name,
  )
}

async function serverDescription(name: string): Promise<string | null> {
  const apps: { name: string; description: string | null }[] = (
    await api.get('/api/app-connections')
  ).json
  return apps.find((app) => app.name === name)?.description ?? null
}

async function editDescription(page: Page, name: string, description: string) {
  await page.getByRole('button', { name: `${name} bewerken` }).click()
  const dialog = page.getByRole('dialog', { name: 'App Bewerken' })
  await dialog.getByLabel('Beschrijving').fill(description)
  await dialog.getByRole('button', { name: 'Opslaan' }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByText(description).first().waitFor()
}

test('Vernieuwen in one tab reloads every tab into the new version; unsent edits of both arrive once', async () => {
  const context = await newAppContext(browser, server.url, DESKTOP)
  const first = await context.newPage()
  await signInOnPage(first, root)
  await waitForServiceWorker(first)
  await first.goto('/apps')
  const second = await context.newPage()
  await second.goto('/apps')
  await waitForShell(second)
  for (const page of [first, second]) {
    await page.getByRole('button', { name: 'App Twee bewerken' }).waitFor()
    await expect
      .poll(() =>
        page.locator('header button[aria-label^="Synchronisatie:"]').getAttribute('aria-label'),
      )
      .toBe('Synchronisatie: Gesynchroniseerd')
  }

  // Each tab edits an app without a connection; the edits wait in the local database.
  await context.setOffline(true)
  await editDescription(first, 'App Een', 'Bewerkt in het eerste tabblad')
  await editDescription(second, 'App Twee', 'Bewerkt in het tweede tabblad')
  // The connection returns but the server does not take pushes yet: the edits stay unsent
  // until after the update.
  await context.route('**/api/sync/v1/*/push**', (route) => route.abort())
  await context.setOffline(false)

  publishNewVersion(webRoot)
  await first.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
  const prompt = first
    .getByRole('status')
    .filter({ hasText: 'Er is een nieuwe versie beschikbaar' })
  await prompt.waitFor()
  expect(await serverDescription('App Een')).toBe(null)
  expect(await serverDescription('App Twee')).toBe(null)

  // Two reloads, each installing the new service worker's files: on a loaded machine
  // this took longer than a step's 15 s.
  const reloads = [first, second].map((page) => page.waitForEvent('load', { timeout: 40_000 }))
  await prompt.getByRole('button', { name: 'Vernieuwen' }).click()
  // Both tabs, not only the one whose button was pressed.
  await Promise.all(reloads)
  for (const page of [first, second]) {
    await page.getByRole('button', { name: 'App Twee bewerken' }).waitFor()
  }

  await context.unroute('**/api/sync/v1/*/push**')
  await eventually(async () => {
    expect(await serverDescription('App Een')).toBe('Bewerkt in het eerste tabblad')
    expect(await serverDescription('App Twee')).toBe('Bewerkt in het tweede tabblad')
  })
  // Once: also after both tabs have settled.
  for (const page of [first, second]) {
    await expect
      .poll(() =>
        page.locator('header button[aria-label^="Synchronisatie:"]').getAttribute('aria-label'),
      )
      .toBe('Synchronisatie: Gesynchroniseerd')
  }
  expect(countEdits('App Een')).toBe(1)
  expect(countEdits('App Twee')).toBe(1)
  await context.close()
}, 120_000)
