import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { eventually } from '../support/eventually.ts'
import type { Client } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { waitForServiceWorker } from './app-helpers.ts'
import { publishNewVersion, removeBuildCopy, startServerOnBuildCopy } from './build-copy.ts'
import {
  closeToast,
  DESKTOP,
  hasHorizontalOverflow,
  isTakingScreenshots,
  PHONE,
  screenshot,
  signIn,
  waitForShell,
  waitForToast,
} from './page-helpers.ts'

// The offline side of Instellingen (docs/behaviour.md, docs/architecture.md "Offline REST queue"): the
// service worker opens the app without network, writes wait in IndexedDB centraal/syncQueue
// and reach the server once, a refused replay stays visible with its reason.
// On a server of its own: its SUPERADMIN is the platform's (the default organisation's),
// who alone sees Organisaties and creates organisations.

let server: TestServer
let browser: Browser
let api: Client
/** The last test's server, serving a copy of the build it may change; started beside ours. */
let updateServer: Promise<{ server: TestServer; webRoot: string }>
/** Root's desktop browser: the offline test leaves it on Instellingen for the online one. */
let rootPage: Page

const root = { email: 'root@example.com', password: 'root password' }
const OFFLINE_TEXT = 'Je bent offline - wijzigingen worden lokaal opgeslagen'
const ONLINE_TEXT = 'Je bent weer online - wijzigingen worden gesynchroniseerd'

type QueueRow = {
  id: number
  url: string
  method: string
  headers: Record<string, string>
  body?: Record<string, unknown>
  timestamp: number
  status: 'pending' | 'failed'
  error?: string
}

beforeAll(async () => {
  updateServer = startUpdateServer()
  ;[server, browser] = await Promise.all([startTestServer(), connectBrowser()])
  api = await signInFirstSuperadmin(server, root.email)
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  const update = await updateServer.catch(() => null)
  await update?.server.close()
  if (update) removeBuildCopy(update.webRoot)
})

/** A copy of the build on a server of its own, so that a test can publish a "new version". */
const startUpdateServer = () => startServerOnBuildCopy('web-update-test')

async function openSignedInPage(
  viewport: { width: number; height: number },
  options: { email?: string; password?: string; theme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: dialogs and toasts appear and go without the animations a click would
  // otherwise wait out (the app honours the setting, web/styles.css).
  const context = await browser.newContext({
    viewport,
    baseURL: server.url,
    locale: 'nl-NL',
    reducedMotion: 'reduce',
  })
  context.setDefaultTimeout(8000)
  if (options.theme === 'light') {
    await context.addInitScript(() => localStorage.setItem('theme', 'light'))
  }
  await signIn(context, {
    email: options.email ?? root.email,
    password: options.password ?? root.password,
  })
  return { context, page: await context.newPage() }
}

/** The rows of IndexedDB centraal/syncQueue, read the way any script of the page could. */
function readQueue(page: Page): Promise<QueueRow[]> {
  return page.evaluate(
    () =>
      new Promise<QueueRow[]>((resolve, reject) => {
        const open = indexedDB.open('centraal', 1)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const request = open.result.transaction('syncQueue').objectStore('syncQueue').getAll()
          request.onsuccess = () => {
            open.result.close()
            resolve(request.result as QueueRow[])
          }
        }
      }),
  )
}

function waitForQueue(page: Page, predicate: (rows: QueueRow[]) => boolean) {
  return eventually(async () => {
    const rows = await readQueue(page)
    if (!predicate(rows)) throw new Error(`queue never matched: ${JSON.stringify(rows)}`)
    return rows
  }, 10_000)
}

/**
 * Playwright's offline emulation does not reach a document that the service worker served
 * while offline: navigator.onLine says true although every request fails. Switching the
 * emulation off and on again applies it to the new document (no request runs in between).
 */
async function reapplyOffline(context: BrowserContext, page: Page) {
  await context.setOffline(false)
  await context.setOffline(true)
  await page.waitForFunction(() => navigator.onLine === false)
}

const queueButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Wijzigingen:/ })

// A service worker's install, a replay and the 3 s of the online banner: about 20 s alone,
// past 30 s on two loaded cores, hence its budget.
test('offline: banner, a queued save answered 202, the app opens offline, one replay on reconnect, a refused replay kept with its reason', async () => {
  const { context, page } = await openSignedInPage(DESKTOP)
  rootPage = page
  await page.goto('/settings')
  const nameField = page.getByLabel('Organisatienaam')
  expect(await nameField.inputValue()).toBe('Standaard organisatie')
  await waitForServiceWorker(page)
  expect(await queueButton(page).count()).toBe(0)

  await context.setOffline(true)
  const offlineBanner = page.getByRole('status').getByText(OFFLINE_TEXT, { exact: true })
  await offlineBanner.waitFor()

  // The form's PATCH fails for lack of network and is queued: the caller got the 202.
  await nameField.fill('Offline BV')
  await page.getByLabel('Contact e-mail').fill('info@offline.nl')
  await page.getByRole('button', { name: 'Opslaan' }).click()
  expect(await waitForToast(page, 'Opgeslagen op dit apparaat')).toContain(
    'De wijziging wordt verstuurd zodra je online bent.',
  )
  const [queued, ...others] = await readQueue(page)
  expect(others).toEqual([])
  expect(queued).toMatchObject({
    url: '/api/organisation',
    method: 'PATCH',
    body: { name: 'Offline BV', contactEmail: 'info@offline.nl' },
    status: 'pending',
  })
  expect(queued?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
  expect(Math.abs((queued?.timestamp ?? 0) - Date.now())).toBeLessThan(60_000)
  await queueButton(page).getByText('1', { exact: true }).waitFor()
  // Closed, so that the toast awaited next is the second write's, not this one still shown.
  await closeToast(page, 'Opgeslagen op dit apparaat')

  // A second write offline, which the server will refuse on replay: by the time it
  // arrives, someone else has taken its slug.
  await page.getByRole('tab', { name: 'Organisaties' }).click()
  await page.getByLabel('Naam', { exact: true }).fill('Acme BV')
  expect(await page.getByLabel('Slug').inputValue()).toBe('acme-bv')
  await page.getByRole('button', { name: 'Organisatie aanmaken' }).click()
  await waitForToast(page, 'Opgeslagen op dit apparaat')
  expect(await queueButton(page).getAttribute('aria-label')).toBe(
    'Wijzigingen: 2 wijzigingen wachten op verzending',
  )
  await queueButton(page).click()
  const queueList = page.getByRole('dialog', { name: 'Wijzigingen' })
  await queueList.getByText('Organisatie aanmaken: Acme BV').waitFor()
  expect(await queueList.getByText('Organisatiegegevens opslaan').isVisible()).toBe(true)
  expect(await queueList.getByText('Wordt verstuurd zodra je weer online bent.').isVisible()).toBe(
    true,
  )
  await screenshot(page, 'queue-pending-offline', { fullPage: false })
  await page.keyboard.press('Escape')
  expect(
    (await api.post('/api/organisations', { name: 'Acme Echt', slug: 'acme-bv' })).status,
  ).toBe(201)
  expect((await readQueue(page)).map((row) => row.status)).toEqual(['pending', 'pending'])

  // A reload without network still opens the app (service worker, remembered user) with
  // the waiting changes, and the settings the device last saw.
  await page.goto('/settings')
  await waitForShell(page)
  await page.getByRole('heading', { level: 1, name: 'Instellingen' }).waitFor()
  await page.getByText('Je ziet de laatst bekende gegevens van dit apparaat.').waitFor()
  expect(await page.getByLabel('Organisatienaam').inputValue()).toBe('Offline BV')
  expect(await queueButton(page).getAttribute('aria-label')).toBe(
    'Wijzigingen: 2 wijzigingen wachten op verzending',
  )
  await reapplyOffline(context, page)
  await offlineBanner.waitFor()

  // Back online: the banner says so for 3 seconds, and the queue is replayed.
  await context.setOffline(false)
  const onlineBanner = page.getByRole('status').getByText(ONLINE_TEXT, { exact: true })
  await onlineBanner.waitFor()
  const shownAt = Date.now()
  await screenshot(page, 'banner-online', { fullPage: false })
  await onlineBanner.waitFor({ state: 'detached', timeout: 6000 })
  const shownMs = Date.now() - shownAt
  expect(shownMs).toBeGreaterThan(2000)
  expect(shownMs).toBeLessThan(4500)
  expect(await offlineBanner.count()).toBe(0)

  const [failed, ...rest] = await waitForQueue(
    page,
    (rows) => rows.length === 1 && rows[0]?.status === 'failed',
  )
  expect(rest).toEqual([])
  expect(failed).toMatchObject({
    url: '/api/organisations',
    method: 'POST',
    error: 'De slug acme-bv is al in gebruik',
  })

  // The server applied the queued save exactly once.
  const organisation = (await api.get('/api/organisation')).json
  expect(organisation).toMatchObject({ name: 'Offline BV', contactEmail: 'info@offline.nl' })
  const activities = (await api.get('/api/activities')).json as {
    type: string
    action: string
    target: string | null
  }[]
  expect(
    activities.filter(
      (activity) =>
        activity.action === 'Organisatiegegevens bijgewerkt' && activity.type === 'settings',
    ),
  ).toHaveLength(1)
  const slugs = ((await api.get('/api/organisations')).json as { slug: string }[]).map(
    (row) => row.slug,
  )
  expect(slugs.filter((slug) => slug === 'acme-bv')).toHaveLength(1)

  // The refused change stays visible with the server's reason until it is dismissed.
  await page.reload()
  await waitForShell(page)
  expect(await queueButton(page).getAttribute('aria-label')).toBe('Wijzigingen: 1 mislukt')
  await queueButton(page).click()
  await queueList.getByText('De slug acme-bv is al in gebruik').waitFor()
  await screenshot(page, 'queue-failed', { fullPage: false })
  await queueList
    .getByRole('button', { name: 'Verwijderen: Organisatie aanmaken: Acme BV' })
    .click()
  await queueButton(page).waitFor({ state: 'detached' })
  expect(await readQueue(page)).toEqual([])
}, 60_000)

test('Instellingen online: tabs, notification switches per user, organisations with an invite link', async () => {
  // The offline test's page, online again on Instellingen (Algemeen) with its worker installed.
  const page = rootPage
  await page.getByRole('tab', { name: 'Algemeen', selected: true }).waitFor()
  const tabs = page.getByRole('tablist', { name: 'Instellingen' }).getByRole('tab')
  await tabs.first().waitFor()
  expect(await tabs.allTextContents()).toEqual([
    'Algemeen',
    'Backups',
    'Systeem',
    'Organisaties',
    'E-mail',
  ])

  // Algemeen: SUPERADMIN cards; a backup downloads under its dated name.
  const usersLink = page.getByRole('link', { name: 'Open Gebruikersbeheer' })
  expect(await usersLink.getAttribute('href')).toBe('/users')
  const adminTools = page.getByRole('region', { name: 'Admin Tools' })
  expect(await adminTools.getByRole('button', { name: 'Backup terugzetten' }).isEnabled()).toBe(
    true,
  )
  expect(await adminTools.getByText(/overschrijft alle huidige gegevens/).isVisible()).toBe(true)
  const [download] = await Promise.all([
    // The server's first heavy job starts its worker thread, which in tests loads the
    // server from TypeScript: seconds more than the page's 8 s on a loaded machine.
    page.waitForEvent('download', { timeout: 30_000 }),
    adminTools.getByRole('button', { name: 'Backup JSON' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    /^centraal-backup-default-org-\d{4}-\d{2}-\d{2}\.json$/,
  )
  // The running build: package.json's version with its commit (decision 031).
  expect(
    await page
      .getByText(/^1\.0\.86(\+[0-9a-f]+)?$/)
      .first()
      .isVisible(),
  ).toBe(true)

  // Notification switches: on by default, saved per user.
  const emailSwitch = page.getByRole('switch', { name: 'E-mailmeldingen' })
  const alertsSwitch = page.getByRole('switch', { name: 'Activiteitsmeldingen' })
  await page.waitForFunction(
    () => !document.querySelector<HTMLButtonElement>('[role=switch]')?.disabled,
  )
  expect(await emailSwitch.getAttribute('aria-checked')).toBe('true')
  expect(await alertsSwitch.getAttribute('aria-checked')).toBe('true')
  await alertsSwitch.click()
  await waitForToast(page, 'Instellingen Opgeslagen')
  expect((await api.get('/api/profile/notifications')).json).toEqual({
    emailNotifications: true,
    activityAlerts: false,
  })
  await page.reload()
  await page.waitForFunction(
    () => document.querySelectorAll('[role=switch][aria-checked=false]').length === 1,
  )

  // Backups: the layout, honest about what is missing.
  await page.getByRole('tab', { name: 'Backups' }).click()
  await page.getByRole('region', { name: 'Cloudopslag' }).waitFor()
  expect(new URL(page.url()).search).toBe('?tab=backups')
  expect(
    await page.getByText('Google Drive is nog niet geconfigureerd', { exact: true }).count(),
  ).toBe(1)
  expect(await page.getByRole('switch', { name: 'Automatische backups' }).isDisabled()).toBe(true)
  expect(await page.getByRole('button', { name: 'Verbinden met Google Drive' }).isDisabled()).toBe(
    true,
  )
  expect(await page.getByRole('button', { name: 'Backup maken (JSON)' }).isEnabled()).toBe(true)

  await waitForServiceWorker(page)
  await page.getByRole('tab', { name: 'Systeem' }).click()
  const system = page.getByRole('region', { name: 'Systeem info' })
  await system.waitFor()
  expect(await system.getByText(/^1\.0\.86(\+[0-9a-f]+)?$/).isVisible()).toBe(true)
  expect(await system.getByRole('heading', { name: 'Changelog' }).isVisible()).toBe(true)
  expect(await system.getByText(/Actief: de app opent ook zonder verbinding/).isVisible()).toBe(
    true,
  )

  // Organisaties: create, a taken slug is refused with the reason, invite the first ADMIN.
  await page.getByRole('tab', { name: 'Organisaties' }).click()
  await page.getByText('default-org', { exact: true }).waitFor()
  await page.getByLabel('Naam', { exact: true }).fill('Beta BV')
  await page.getByRole('button', { name: 'Organisatie aanmaken' }).click()
  await waitForToast(page, 'Organisatie aangemaakt')
  await page.getByText('beta-bv', { exact: true }).waitFor()
  await page.getByLabel('Naam', { exact: true }).fill('Beta Twee')
  await page.getByLabel('Slug').fill('beta-bv')
  await page.getByRole('button', { name: 'Organisatie aanmaken' }).click()
  await page.getByRole('alert').getByText('De slug beta-bv is al in gebruik').waitFor()

  await page.getByRole('button', { name: 'Beheerder uitnodigen voor Beta BV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Beheerder uitnodigen' })
  await dialog.getByLabel('Naam').fill('Bea Beheer')
  await dialog.getByLabel('Email').fill('bea@beta.nl')
  await dialog.getByRole('button', { name: 'Uitnodigen' }).click()
  const link = dialog.getByLabel('Setup-link')
  await link.waitFor()
  expect(await link.inputValue()).toMatch(/^http:\/\/\S+\/setup\/[a-z2-7]{16,64}$/)
  expect(await dialog.getByRole('button', { name: 'Kopieer link' }).isVisible()).toBe(true)
  await screenshot(page, 'settings-invite-link', { fullPage: false })
})

test('an ADMIN sees no Organisaties tab, no Admin Tools and may edit the organisation', async () => {
  await signInInvitedUser(server, { email: 'admin@example.com', role: 'ADMIN', name: 'Ada Admin' })
  const { page } = await openSignedInPage(PHONE, {
    email: 'admin@example.com',
    password: 'ADMIN password',
  })
  // ?tab=organisaties is not theirs: Algemeen opens, without what only a SUPERADMIN sees.
  await page.goto('/settings?tab=organisaties')
  await page.getByLabel('Organisatienaam').waitFor()
  expect(await page.getByRole('tab', { name: 'Algemeen' }).getAttribute('aria-selected')).toBe(
    'true',
  )
  const tabs = page.getByRole('tablist', { name: 'Instellingen' }).getByRole('tab')
  expect(await tabs.allTextContents()).toEqual(['Algemeen', 'Backups', 'Systeem'])
  expect(await page.getByRole('region', { name: 'Admin Tools' }).count()).toBe(0)
  expect(await page.getByRole('link', { name: 'Open Gebruikersbeheer' }).count()).toBe(0)
  expect(await page.getByRole('button', { name: 'Opslaan' }).isVisible()).toBe(true)
})

test.runIf(isTakingScreenshots)(
  'screenshots: every tab, the banners and the queue, phone and desktop, dark and light',
  async () => {
    for (const theme of ['dark', 'light'] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page } = await openSignedInPage(viewport, { theme })
        for (const tab of ['algemeen', 'backups', 'systeem', 'organisaties']) {
          await page.goto(tab === 'algemeen' ? '/settings' : `/settings?tab=${tab}`)
          await waitForShell(page)
          await page.getByRole('tabpanel').waitFor()
          // What the tab asks the server for has come: no "Laden..." left. (Not the network
          // going idle: Playwright never reports the database worker's script finished.)
          await page
            .getByRole('tabpanel')
            .getByText('Laden...')
            .first()
            .waitFor({ state: 'detached' })
          expect(await hasHorizontalOverflow(page)).toBe(false)
          await screenshot(page, `settings-${tab}-${theme}`)
        }
        await page.goto('/settings')
        await page.getByLabel('Organisatienaam').waitFor()
        await waitForServiceWorker(page)
        await context.setOffline(true)
        await page.getByText(OFFLINE_TEXT, { exact: true }).waitFor()
        expect(await hasHorizontalOverflow(page)).toBe(false)
        await screenshot(page, `banner-offline-${theme}`, { fullPage: false })

        // One change waiting, one refused (written straight into the queue for the picture).
        await page.getByRole('switch', { name: 'E-mailmeldingen' }).click()
        await waitForToast(page, 'Opgeslagen op dit apparaat')
        await page.evaluate(
          () =>
            new Promise<void>((resolve) => {
              const open = indexedDB.open('centraal', 1)
              open.onsuccess = () => {
                const transaction = open.result.transaction('syncQueue', 'readwrite')
                transaction.objectStore('syncQueue').add({
                  url: '/api/users',
                  method: 'POST',
                  headers: {},
                  body: { name: 'Nina Nieuw', email: 'nina@example.com' },
                  timestamp: Date.now(),
                  status: 'failed',
                  attempts: 1,
                  error: 'Een gebruiker met dit e-mailadres bestaat al',
                })
                transaction.oncomplete = () => resolve()
              }
            }),
        )
        await page.reload()
        await waitForShell(page)
        await reapplyOffline(context, page)
        await queueButton(page).click()
        await page.getByRole('dialog', { name: 'Wijzigingen' }).getByText('Mislukt (1)').waitFor()
        await screenshot(page, `queue-${theme}`, { fullPage: false })
        await context.close()
      }
    }
  },
  180_000,
)

test('a new version waits for the user: the prompt, then Vernieuwen reloads into it', async () => {
  // Its server serves a copy of the build, so that this test can publish a new version.
  const { server: ownServer, webRoot } = await updateServer
  const context = await browser.newContext({ viewport: PHONE, baseURL: ownServer.url })
  context.setDefaultTimeout(8000)
  const page = await context.newPage()
  // The landing page rendered ahead registers the service worker without the app's code
  // (decision 014); the prompt is the app's, on every page it serves from then on.
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.goto('/login')
  const prompt = page.getByRole('status').filter({ hasText: 'Er is een nieuwe versie beschikbaar' })
  expect(await prompt.count()).toBe(0)

  publishNewVersion(webRoot)
  // What the hourly check does, now.
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
  await prompt.waitFor({ timeout: 15_000 })
  await screenshot(page, 'update-prompt', { fullPage: false })
  const reloaded = page.waitForEvent('load')
  await prompt.getByRole('button', { name: 'Vernieuwen' }).click()
  await reloaded
  await page.getByRole('button', { name: 'Log In' }).waitFor()
  expect(await prompt.count()).toBe(0)
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return registration?.waiting === null && registration.active !== null
    }),
  ).toBe(true)
  await context.close()
})
