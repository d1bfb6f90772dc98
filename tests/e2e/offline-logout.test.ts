import type { BrowserContext, Page, Route } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { FILL_PROGRESS_PREFIX } from '#sync/client/fill-progress'
import { signInInvitedUser } from '../support/accounts.ts'
import { quietPeriod } from '../support/quiet-period.ts'
import { seedCentral } from '../support/seed-organisation.ts'
import { waitForServiceWorker } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, laterPulls, logOutHere, signIn, waitForShell } from './page-helpers.ts'
import { launchGoldEstates, SALES_BASE } from './sales-helpers.ts'

// A logout without a connection: the device shows the signed-out screens at once and after
// a reload, the server's sessions (Centraal's and Gold Estates') end first at the next
// contact, and a session someone else opened on the device meanwhile stays. And a logout
// that meets a first fill part way (in this tab or another) leaves nothing of it behind.

const file = setUpBrowserFile()
let ben: { email: string; password: string }

beforeAll(async () => {
  ben = { email: file.email('ben'), password: 'ADMIN password' }
  await signInInvitedUser(file.server, {
    email: ben.email,
    role: 'ADMIN',
    name: 'Ben Beheer',
    org: file.organisationId,
  })
})

async function openContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await file.browser.newContext({
    viewport: DESKTOP,
    baseURL: file.server.url,
    locale: 'nl-NL',
  })
  context.setDefaultTimeout(15_000)
  return { context, page: await context.newPage() }
}

/** The names of this origin's IndexedDB databases that hold a local RxDB database. */
function localDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases())
      .map((info) => info.name ?? '')
      .filter((name) => name.startsWith('rxdb-dexie-')),
  )
}

/** Who the browser's cookies sign in, as the server sees it now (status of each area). */
async function sessionStatuses(context: BrowserContext) {
  const central = await context.request.get('/api/auth/user')
  const sales = await context.request.get('/api/gold-estates/auth/user')
  return { central: central.status(), sales: sales.status() }
}

/** Logs out from the Centraal header, offline, and waits for the signed-out landing page. */
async function logOutOffline(context: BrowserContext, page: Page) {
  await page.goto('/')
  await waitForShell(page)
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).click()
  await page.getByText(/Eén plek voor je organisaties/).waitFor()
}

test('a Centraal logout offline: signed out on the device at once and after a reload, ended first on the server with Gold Estates', async () => {
  const { context, page } = await openContext()
  await launchGoldEstates(page, file.root)
  await expect
    .poll(async () => (await localDatabases(page)).some((name) => name.includes('centraal-sales_')))
    .toBe(true)

  await logOutOffline(context, page)
  // Both local databases are gone from the device: Centraal's and this person's Gold Estates one.
  await expect.poll(() => localDatabases(page)).toEqual([])
  // A reload without a connection shows the login page, not the previous person.
  await page.goto('/users')
  await page.getByRole('button', { name: 'Log In' }).waitFor()
  expect(await page.getByRole('button', { name: 'Uitloggen' }).count()).toBe(0)
  await page.goto(`${SALES_BASE}/dashboard`)
  await page.getByRole('heading', { name: 'Sales Management Portal' }).waitFor()
  // Signing in needs a connection; it is never queued.
  await page.goto('/login')
  await page.getByLabel('Email').fill(ben.email)
  await page.getByLabel('Password', { exact: true }).fill(ben.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await page.getByRole('button', { name: 'Log In' }).waitFor()
  expect(await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).count()).toBe(0)
  // The sessions still live on the server: only the device knows about the logout.
  expect(await sessionStatuses(context)).toEqual({ central: 200, sales: 200 })

  const calls: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`)
  })
  await context.setOffline(false)
  await page.goto('/')
  await page.getByText(/Eén plek voor je organisaties/).waitFor()
  await expect.poll(() => sessionStatuses(context)).toEqual({ central: 401, sales: 401 })
  // The logout went before anything else that could act as the previous person.
  expect(calls.filter((call) => !call.startsWith('GET '))[0]).toBe('POST /api/logout')
  expect(calls.some((call) => call.includes('/api/sync/'))).toBe(false)
  await page.goto('/')
  expect(await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).count()).toBe(0)
  await context.close()
})

test('a pending logout never ends the session of someone who signed in on the device meanwhile', async () => {
  const { context, page } = await openContext()
  await signIn(context, file.root)
  await logOutOffline(context, page)
  // Ben signs in on this browser by a way that passes the page by (as a single sign-on
  // return would): his session cookie replaces root's.
  const login = await context.request.post('/api/auth/login/email', { data: ben })
  expect(login.status()).toBe(200)

  await context.setOffline(false)
  await page.reload()
  await page.waitForLoadState('load')
  // The pending logout was carried out (it is gone) and Ben is still signed in.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('centraal', 1)
            open.onsuccess = () => {
              const read = open.result.transaction('syncQueue').objectStore('syncQueue').getAll()
              read.onsuccess = () => resolve(read.result.length)
            }
          }),
      ),
    )
    .toBe(0)
  const user = await context.request.get('/api/auth/user')
  expect(user.status()).toBe(200)
  expect((await user.json()).email).toBe(ben.email)
  await context.close()
})

test.each([
  ['this tab', false],
  ['another tab', true],
])(
  'a logout in %s while the first fill stores leaves nothing of it on the device',
  async (_, isOtherTab) => {
    // More apps than one page of the fill; the pages after the first are held until the
    // person has logged out, then answered: what the fill gets then must not be stored.
    seedCentral(file.server.deps.organisations.get(file.organisationId), file.organisationId, {
      users: 0,
      apps: 1200,
    })
    const { context, page } = await openContext()
    await signIn(context, file.root)
    const held: Route[] = []
    const laterPages = laterPulls('appConnections')
    await page.route(laterPages, (route) => {
      held.push(route)
    })
    await page.goto('/apps')
    await waitForShell(page)
    await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await localDatabases(page)).not.toEqual([])

    const loggingOut = isOtherTab ? await context.newPage() : page
    if (isOtherTab) {
      await loggingOut.goto('/')
      await waitForShell(loggingOut)
    }
    await logOutHere(loggingOut)
    await loggingOut.getByText(/Eén plek voor je organisaties/).waitFor()
    // The filling tab is signed out too (the logout forgot the remembered user).
    await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).waitFor({
      state: 'detached',
    })
    await page.unroute(laterPages)
    await Promise.all(held.map((route) => route.continue().catch(() => undefined)))
    // Every held page has reached the browser (or was dropped with its request) ...
    await Promise.all(
      held.map(async (route) => (await route.request().response())?.finished().catch(() => null)),
    )
    // ... and what might still store it (a part takes a few ms) has nothing to tell of
    // storing nothing: a window it is.
    await quietPeriod(1500, 'the pages answered after the logout must not be stored')
    expect(await localDatabases(loggingOut)).toEqual([])
    // Nor the fill's marks (where it was), which would make a next sign-in skip pages.
    const marks = await loggingOut.evaluate(
      (prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)),
      FILL_PROGRESS_PREFIX,
    )
    expect(marks).toEqual([])
    await context.close()
  },
)
