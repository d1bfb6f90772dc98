import { existsSync } from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { eventually } from '../support/eventually.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { addApp, appCard, createApp, editApp, waitForServiceWorker } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  newAppContext,
  openSignedIn,
  PHONE,
  screenshot,
  waitForShell,
} from './page-helpers.ts'

// Two people of one organisation in two browsers: what one does offline reaches the
// server once and the other's screen without a reload; concurrent offline edits of one
// app converge; a write the server refuses is undone visibly, with its reason.

type User = { id: string; name: string; email: string; role: string }
type App = { id: string; name: string; url: string; description: string | null }

let admin: { email: string; password: string; name: string }

const hasServiceWorker = existsSync(
  path.resolve(import.meta.dirname, '../../dist/web/service-worker.js'),
)

const file = setUpBrowserFile()

beforeAll(async () => {
  admin = await file.invite('beheer', 'ADMIN', 'Bea Beheer')
})

/**
 * A signed-in browser of its own, opened at `path`; with reduced motion, as the dialogs
 * and toasts are many and their animations are not the subject.
 */
async function openDevice(account: { email: string; password: string }, path = '/') {
  const context = await newAppContext(file.browser, file.server.url, DESKTOP, {
    timeout: 10_000,
    reducedMotion: true,
  })
  const page = await context.newPage()
  page.on(
    'console',
    (message) =>
      process.env.DEBUG_E2E &&
      console.log(
        `[${account.email}] ${Date.now() % 100000} ${message.type()}: ${message.text().slice(0, 300)}`,
      ),
  )
  await openSignedIn(page, account, path)
  return { context, page }
}

type Device = Awaited<ReturnType<typeof openDevice>>
/** Root's and Bea's browsers: opened by the first test, used by the later ones. */
let a: Device
let b: Device

/**
 * The text of the visible toast with this title. Not by role: an open dialog hides the
 * rest of the page from the accessibility tree, the toast region included.
 */
async function toastText(page: Page, title: string): Promise<string> {
  const toast = page
    .locator('[role="region"][aria-label^="Meldingen"] li')
    .filter({ has: page.getByText(title, { exact: true }) })
  await toast.waitFor({ state: 'visible' })
  return (await toast.locator('div > div').allTextContents()).join(' ')
}

async function serverUsers(): Promise<User[]> {
  return (await file.api.get('/api/users')).json
}

async function serverApps(): Promise<App[]> {
  return (await file.api.get('/api/app-connections')).json
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true)
  const banner = page.getByText('Je bent offline - wijzigingen worden lokaal opgeslagen')
  await banner.waitFor()
  // Sticky headers sit under the banner: its height is on <html> as --banner-height.
  const height = await banner
    .locator('..')
    .evaluate((element) => element.getBoundingClientRect().height)
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.style.getPropertyValue('--banner-height')),
    )
    .toBe(`${height}px`)
}

/** Client-side navigation through the sidebar: no reload. */
async function openFromSidebar(page: Page, label: string) {
  await page
    .getByRole('complementary', { name: 'Zijbalk' })
    .getByRole('link', { name: label })
    .click()
  await page.getByRole('heading', { level: 1, name: label }).waitFor()
}

/** Fills the 'Nieuwe Gebruiker' dialog; `toast` false when a refusal may replace the toast. */
async function addUser(page: Page, name: string, email: string, toast = true) {
  await page.getByRole('button', { name: 'Nieuwe Gebruiker' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nieuwe Gebruiker' })
  await dialog.getByLabel('Naam').fill(name)
  await dialog.getByLabel('Email').fill(email)
  expect(await dialog.getByLabel('Rol').inputValue()).toBe('USER')
  await dialog.getByRole('button', { name: 'Toevoegen' }).click()
  if (toast) await toastText(page, 'Gebruiker toegevoegd')
  await dialog.waitFor({ state: 'detached' })
}

test('offline writes stay local, then reach the server exactly once and the other browser without a reload', async () => {
  // The two browsers start together: much of a first load is waiting (worker, database).
  ;[a, b] = await Promise.all([openDevice(file.root, '/users'), openDevice(admin, '/users')])
  await a.page.getByRole('cell', { name: admin.name, exact: true }).waitFor()
  await b.page.getByRole('cell', { name: 'Root Admin', exact: true }).waitFor()
  // Apps opens offline below, its code never loaded before: from the worker's precache.
  await waitForServiceWorker(a.page)

  await goOffline(a.context, a.page)
  await addUser(a.page, 'Olga Offline', 'olga@example.com')
  const linkDialog = a.page.getByRole('dialog', { name: 'Setup-link' })
  await linkDialog.getByText('Je bent offline').waitFor()
  await linkDialog.getByRole('button', { name: 'Sluiten' }).first().click()
  await a.page.getByRole('cell', { name: 'Olga Offline', exact: true }).waitFor()

  await openFromSidebar(a.page, 'Apps')
  await a.page.getByText('Nog geen apps toegevoegd').waitFor()
  await addApp(a.page, {
    name: 'Offline App',
    url: 'https://offline.example.com',
    description: 'Gemaakt zonder netwerk',
  })
  await appCard(a.page, 'Offline App').waitFor()
  await openFromSidebar(a.page, 'Dashboard')
  const totalApps = a.page.getByRole('region', { name: 'Totaal Apps' })
  await totalApps.getByText('1', { exact: true }).waitFor()

  // Still offline: the server has neither.
  expect((await serverUsers()).some((user) => user.email === 'olga@example.com')).toBe(false)
  expect((await serverApps()).some((app) => app.name === 'Offline App')).toBe(false)

  const onlineAt = Date.now()
  await a.context.setOffline(false)
  await eventually(async () => {
    expect((await serverUsers()).filter((user) => user.email === 'olga@example.com')).toHaveLength(
      1,
    )
    expect((await serverApps()).filter((app) => app.name === 'Offline App')).toHaveLength(1)
  })
  const reachedServerMs = Date.now() - onlineAt
  expect(reachedServerMs).toBeLessThan(10_000)

  // B sees both without a reload: the stream told its replication to pull.
  await b.page.getByRole('cell', { name: 'Olga Offline', exact: true }).waitFor()
  await openFromSidebar(b.page, 'Apps')
  await appCard(b.page, 'Offline App').getByText('Gemaakt zonder netwerk').waitFor()

  // Once online, the new user's setup link can be made from the row menu.
  await openFromSidebar(a.page, 'Gebruikers')
  await a.page.getByRole('button', { name: 'Acties voor Olga Offline' }).click()
  await a.page.getByRole('menuitem', { name: 'Setup-link' }).click()
  const link = a.page.getByRole('dialog', { name: 'Setup-link' }).getByLabel('Setup-link')
  await link.waitFor()
  expect(await link.inputValue()).toMatch(/\/setup\/[a-z2-7]+$/)

  // Nothing was written twice.
  expect((await serverUsers()).filter((user) => user.email === 'olga@example.com')).toHaveLength(1)
  expect((await serverApps()).filter((app) => app.name === 'Offline App')).toHaveLength(1)
  const linkShown = a.page.getByRole('dialog', { name: 'Setup-link' })
  await linkShown.getByRole('button', { name: 'Sluiten' }).first().click()
  await linkShown.waitFor({ state: 'detached' })
}, 90_000)

// Needs the service worker (sw/) to serve the app shell without network: a build without
// it fails here rather than passing by skipping.
test('a reload while offline still shows the local writes', async () => {
  expect(hasServiceWorker, 'dist/web/service-worker.js was not built').toBe(true)
  // A's browser from the first test: the worker that precached the app there controls it.
  await openFromSidebar(a.page, 'Apps')
  await appCard(a.page, 'Offline App').waitFor()
  await goOffline(a.context, a.page)
  await addApp(a.page, {
    name: 'Herlaad App',
    url: 'https://herlaad.example.com',
    description: 'Overleeft een herlaadbeurt',
  })
  await a.page.reload()
  await waitForShell(a.page)
  await appCard(a.page, 'Herlaad App').waitFor()
  await appCard(a.page, 'Offline App').waitFor()
  await a.context.setOffline(false)
  await eventually(async () => {
    expect((await serverApps()).filter((app) => app.name === 'Herlaad App')).toHaveLength(1)
  })
}, 90_000)

test('concurrent offline edits of one app converge in A, B and the server, and both are logged', async () => {
  const created = await createApp(file.api, {
    name: 'Gedeelde App',
    url: 'https://gedeeld.example.com',
    description: 'Begin',
  })
  // Both browsers are on Apps (A since its reload, B since the first test): the new app
  // arrives through the stream.
  for (const { page } of [a, b]) await appCard(page, 'Gedeelde App').waitFor()

  await goOffline(a.context, a.page)
  await goOffline(b.context, b.page)
  // Different fields (A: description, B: URL) and the same field (both: name).
  await editApp(a.page, 'Gedeelde App', { 'Naam *': 'Naam van A', Beschrijving: 'Tekst van A' })
  await editApp(b.page, 'Gedeelde App', {
    'Naam *': 'Naam van B',
    'URL *': 'https://b.example.com',
  })

  await a.context.setOffline(false)
  await eventually(async () => {
    const app = (await serverApps()).find((candidate) => candidate.id === created.id)
    expect(app?.name).toBe('Naam van A')
  })
  await b.context.setOffline(false)
  const expected = {
    name: 'Naam van B',
    url: 'https://b.example.com',
    description: 'Tekst van A',
  }
  await eventually(async () => {
    const app = (await serverApps()).find((candidate) => candidate.id === created.id)
    expect(app).toMatchObject(expected)
  })
  for (const { page } of [a, b]) {
    const card = appCard(page, expected.name)
    await card.getByText(expected.description).waitFor()
    await card.getByText(expected.url).waitFor()
    expect(await page.getByRole('heading', { name: 'Naam van A' }).count()).toBe(0)
  }

  const activities: { action: string; target: string; user: string }[] = (
    await file.api.get('/api/activities')
  ).json
  const edits = activities.filter((activity) => activity.action === 'App bijgewerkt')
  expect(edits).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ target: 'Naam van A', user: 'Root Admin' }),
      expect.objectContaining({ target: 'Naam van B', user: admin.name }),
    ]),
  )
  await b.context.close()
}, 90_000)

test('a write the server refuses is undone with its reason on screen; the server is unchanged', async () => {
  // A USER sees no write actions at all.
  const reader = await file.invite('lezer', 'USER', 'Lotte Lezer')
  const demoted = await file.invite('degradeer', 'ADMIN', 'Dirk Degradeer')
  // Both browsers load together; Dirk's rights are withdrawn once his screen is up.
  const [r, d] = await Promise.all([openDevice(reader, '/users'), openDevice(demoted, '/users')])
  await r.page.getByRole('cell', { name: 'Root Admin', exact: true }).waitFor()
  expect(await r.page.getByRole('button', { name: 'Nieuwe Gebruiker' }).count()).toBe(0)
  expect(await r.page.getByRole('button', { name: /^Acties voor/ }).count()).toBe(0)
  await openFromSidebar(r.page, 'Apps')
  await appCard(r.page, 'Naam van B').waitFor()
  expect(await r.page.getByRole('button', { name: 'Naam van B bewerken' }).count()).toBe(0)
  await r.context.close()

  // A screen that still thinks it may write: an ADMIN whose write rights were withdrawn
  // while signed in (a per-user withdrawal; a lower role would end the session instead).
  await d.page.getByRole('cell', { name: 'Root Admin', exact: true }).waitFor()
  const dirk = (await serverUsers()).find((user) => user.email === demoted.email)
  const database = openOrganisationFile(file.server.dataDir, file.organisationId)
  const withdraw = database.prepare('insert into user_permissions values (?, ?, 0)')
  for (const permission of ['users.write', 'apps.write']) withdraw.run(dirk?.id, permission)
  database.close()
  const usersBefore = await serverUsers()
  const appsBefore = await serverApps()

  await addUser(d.page, 'Niet Toegestaan', 'nee@example.com', false)
  await d.page.getByRole('dialog', { name: 'Setup-link' }).getByText('Niet opgeslagen').waitFor()
  expect(await toastText(d.page, 'Wijziging geweigerd')).toContain('Gebruiker Niet Toegestaan:')
  await d.page
    .getByRole('dialog', { name: 'Setup-link' })
    .getByRole('button', { name: 'Sluiten' })
    .last()
    .click()
  await d.page
    .getByRole('cell', { name: 'Niet Toegestaan', exact: true })
    .waitFor({ state: 'detached' })

  await openFromSidebar(d.page, 'Apps')
  await editApp(d.page, 'Naam van B', { 'Naam *': 'Gekaapt' }, false)
  expect(await toastText(d.page, 'Wijziging geweigerd')).toContain('App Gekaapt:')
  await appCard(d.page, 'Naam van B').waitFor()

  await d.page.getByRole('button', { name: 'Geweigerde wijzigingen: 2' }).click()
  const list = d.page.getByRole('dialog', { name: 'Geweigerde wijzigingen' })
  await list.getByText('Gebruiker Niet Toegestaan').waitFor()
  await list.getByText('App Gekaapt').waitFor()
  const reasons = await list.locator('li p.text-destructive').allTextContents()
  expect(reasons).toHaveLength(2)
  for (const reason of reasons) expect(reason.length).toBeGreaterThan(5)
  await screenshot(d.page, 'refused-changes', { fullPage: false })
  // On a phone the header still fits its count of refused changes.
  await d.page.keyboard.press('Escape')
  await d.page.setViewportSize(PHONE)
  await d.page.getByRole('button', { name: 'Geweigerde wijzigingen: 2' }).click()
  await list.getByText('App Gekaapt').waitFor()
  expect(await hasHorizontalOverflow(d.page)).toBe(false)
  await screenshot(d.page, 'refused-changes', { fullPage: false })

  const userFacts = (users: User[]) =>
    users.map(({ id, name, email, role }) => [id, name, email, role])
  const appFacts = (apps: App[]) =>
    apps.map(({ id, name, url, description }) => [id, name, url, description])
  expect(userFacts(await serverUsers())).toEqual(userFacts(usersBefore))
  expect(appFacts(await serverApps())).toEqual(appFacts(appsBefore))
  await d.context.close()
}, 90_000)

test('logout removes the local database', async () => {
  // A's browser, signed in since the first test.
  const { context, page } = a
  await openFromSidebar(page, 'Dashboard')
  await page.getByRole('region', { name: 'Totaal Gebruikers', exact: true }).waitFor()
  const localDatabases = () =>
    page.evaluate(async () =>
      (await indexedDB.databases())
        .map((info) => info.name ?? '')
        .filter((name) => name.startsWith('rxdb-dexie-centraal-')),
    )
  // The local database opens once the browser is idle after the first screen (decision 009).
  await expect.poll(async () => (await localDatabases()).length).toBeGreaterThan(0)
  await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).click()
  await page.getByRole('button', { name: 'Inloggen' }).first().waitFor()
  expect(await localDatabases()).toEqual([])
  await context.close()
}, 60_000)
