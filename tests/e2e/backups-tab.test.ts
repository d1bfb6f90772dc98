import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { findFreePort } from '../support/free-port.ts'
import { type GoogleStandIn, startGoogleStandIn } from '../support/google-stand-in.ts'
import type { Client } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  newAppContext,
  PHONE,
  screenshot,
  waitForToast,
} from './page-helpers.ts'

// Instellingen → Backups with Google Drive: connect through (a stand-in for) Google's consent
// screen, switch automatic backups on, save, back up now, disconnect. Screenshots go to
// tests/screenshots/.

const root = { email: 'root@example.com', password: 'root password' }
let google: GoogleStandIn
let server: TestServer
let browser: Browser
let api: Client

beforeAll(async () => {
  google = await startGoogleStandIn({
    clientId: 'e2e.apps.googleusercontent.com',
    clientSecret: 's',
  })
  const port = await findFreePort()
  server = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    GOOGLE_CLIENT_ID: 'e2e.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 's',
    GOOGLE_API_ROOT: google.url,
    BACKUP_RETRY_BASE_MS: '50',
  })
  browser = await connectBrowser()
  api = await signInFirstSuperadmin(server, root.email)
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await google?.close()
})

async function openBackupsTab(viewport: { width: number; height: number }): Promise<Page> {
  const context = await newAppContext(browser, server.url, viewport, { serviceWorker: false })
  const login = await context.request.post('/api/auth/login/email', { data: root })
  expect(login.status()).toBe(200)
  const page = await context.newPage()
  await page.goto('/settings?tab=backups')
  await page.getByRole('region', { name: 'Cloudopslag' }).waitFor()
  return page
}

test('connect Google Drive, switch on automatic backups, save, back up now, disconnect', async () => {
  const page = await openBackupsTab(DESKTOP)
  const cloud = page.getByRole('region', { name: 'Cloudopslag' })
  const auto = page.getByRole('region', { name: 'Automatische backups' })
  const autoSwitch = page.getByRole('switch', { name: 'Automatische backups' })
  await cloud.getByText('Niet verbonden').waitFor()
  expect(await autoSwitch.isDisabled()).toBe(true)
  expect(
    await page.getByRole('button', { name: 'Nu back-up maken naar Google Drive' }).isDisabled(),
  ).toBe(true)
  await screenshot(page, 'settings-backups-not-connected-dark')

  // The button leaves for the consent screen, which sends the browser back to the tab.
  await cloud.getByRole('button', { name: 'Verbinden met Google Drive' }).click()
  await waitForToast(page, 'Verbonden!')
  expect(new URL(page.url()).search).toBe('?tab=backups')
  await cloud.getByText('Verbonden', { exact: true }).waitFor()
  expect(await cloud.getByLabel('Map in Google Drive').inputValue()).toBe('Centraal Backups')
  expect(google.foldersNamed('Centraal Backups')).toHaveLength(1)

  // Schedule fields appear only once the switch is on (docs/behaviour.md, Instellingen: Backups).
  expect(await auto.getByLabel('Tijdstip').count()).toBe(0)
  await autoSwitch.click()
  await auto.getByLabel('Tijdstip').fill('14:30')
  await auto.getByLabel('Bewaartermijn').selectOption('60')
  await auto.getByRole('checkbox', { name: 'CSV' }).uncheck()
  await auto.getByRole('button', { name: 'Opslaan' }).click()
  await waitForToast(page, 'Instellingen Opgeslagen')
  expect((await api.get('/api/backup/settings')).json).toMatchObject({
    autoBackupEnabled: true,
    backupSchedule: '30 14 * * *',
    retentionDays: 60,
    backupFormats: 'json',
  })
  await auto.getByText(/^Volgende backup: .* 14:30$/).waitFor()

  await page.getByRole('button', { name: 'Nu back-up maken naar Google Drive' }).click()
  expect(await waitForToast(page, 'Backup gemaakt')).toContain('1 bestand staat in de map')
  await cloud.getByText('Gelukt').waitFor()
  expect(google.filesIn(google.foldersNamed('Centraal Backups')[0]?.id ?? '')).toHaveLength(1)
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'settings-backups-connected-dark')

  const phone = await openBackupsTab(PHONE)
  await phone.getByText('Gelukt').waitFor()
  await phone.getByLabel('Tijdstip').waitFor()
  expect(await hasHorizontalOverflow(phone)).toBe(false)
  await screenshot(phone, 'settings-backups-connected-dark')
  await phone.context().close()

  page.once('dialog', (dialog) => dialog.accept())
  await cloud.getByRole('button', { name: 'Ontkoppelen' }).click()
  await waitForToast(page, 'Ontkoppeld')
  await cloud.getByText('Niet verbonden').waitFor()
  expect(await autoSwitch.isDisabled()).toBe(true)
  expect(await autoSwitch.getAttribute('aria-checked')).toBe('false')
  expect(google.refreshTokens().every((token) => google.isRevoked(token))).toBe(true)
  await page.context().close()
})
