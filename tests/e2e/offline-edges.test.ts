import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { eventually } from '../support/eventually.ts'
import { createClient } from '../support/http.ts'
import { addApp, appCard, createApp, editApp } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import {
  DESKTOP,
  newAppContext,
  openSignedIn,
  PHONE,
  screenshot,
  signInOnPage,
  waitForShell,
  waitForToast,
} from './page-helpers.ts'

// Where a person's unsent work meets something else: a row deleted on the server while
// they edited it offline, and a backup restored while devices (the restorer's own among
// them) still held changes. Nothing they did is applied to the wrong data or lost without
// a word: it is refused, kept with their values and listed on "Niet verwerkte wijzigingen".

type App = { id: string; name: string; url: string; description: string | null }

let admin: { email: string; password: string; name: string }

const file = setUpBrowserFile()

beforeAll(async () => {
  admin = await file.invite('beheer', 'ADMIN', 'Bea Beheer')
})

/**
 * A signed-in browser of its own, opened on Apps; with reduced motion, as the dialogs and
 * toasts are many and their animations are not the subject.
 */
async function openDevice(account: { email: string; password: string }, viewport = DESKTOP) {
  const context = await newAppContext(file.browser, file.server.url, viewport, {
    theme: 'light',
    reducedMotion: true,
  })
  const page = await context.newPage()
  await openSignedIn(page, account, '/apps')
  return { context, page }
}

/** A client signed in anew (a restore ends every session). */
async function signInApi(account: { email: string; password: string }) {
  const client = createClient(file.server.url)
  const answer = await client.post('/api/auth/login/email', account)
  expect(answer.status).toBe(200)
  return client
}

async function serverApps(client = file.api): Promise<App[]> {
  return (await client.get('/api/app-connections')).json
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true)
  await page.getByText('Je bent offline - wijzigingen worden lokaal opgeslagen').waitFor()
}

/** The rows of "Niet verwerkte wijzigingen", opened fresh. */
async function openRefusals(page: Page) {
  await page.goto('/sync-refusals')
  await page.getByRole('heading', { level: 1, name: 'Niet verwerkte wijzigingen' }).waitFor()
  await page.getByText('Laden...').waitFor({ state: 'detached' })
  return page.getByRole('list', { name: 'Niet verwerkte wijzigingen' }).getByRole('listitem')
}

/** The values a refusal kept, opened under "Jouw waarden". */
async function keptValues(row: ReturnType<Page['getByRole']>) {
  await row.getByText('Jouw waarden').click()
  return row.getByRole('definition').allTextContents()
}

test('an edit made offline to an app deleted meanwhile is refused, told, and kept with its values', async () => {
  const created = await createApp(file.api, {
    name: 'Verdwijnt',
    url: 'https://verdwijnt.example.com',
    description: 'Wordt verwijderd',
  })
  const { context, page } = await openDevice(admin)
  await appCard(page, 'Verdwijnt').waitFor()

  await goOffline(context, page)
  await editApp(page, 'Verdwijnt', {
    'Naam *': 'Mijn nieuwe naam',
    Beschrijving: 'Een middag werk',
  })
  expect((await file.api.request('DELETE', `/api/app-connections/${created.id}`)).status).toBe(200)

  await context.setOffline(false)
  expect(await waitForToast(page, 'Wijziging geweigerd')).toContain(
    'App Mijn nieuwe naam: Dit item is intussen verwijderd',
  )
  await appCard(page, 'Mijn nieuwe naam').waitFor({ state: 'detached' })
  expect((await serverApps()).some((app) => app.id === created.id)).toBe(false)

  const rows = await openRefusals(page)
  const row = rows.filter({ hasText: 'Mijn nieuwe naam' })
  await row.getByText('Dit item is intussen verwijderd').waitFor()
  expect(await keptValues(row)).toEqual(
    expect.arrayContaining([
      'Mijn nieuwe naam',
      'https://verdwijnt.example.com',
      'Een middag werk',
    ]),
  )
  await screenshot(page, 'refusal-of-a-deleted-item')
  await context.close()
}, 90_000)

test('a restore keeps the unsent changes of every device as refusals, warns the restorer, and applies none', async () => {
  const source = await createApp(file.api, {
    name: 'Voor Herstel',
    url: 'https://herstel.example.com',
    description: 'Uit de backup',
  })
  const backup = await file.api.post('/api/admin/backup', { format: 'json' })
  expect(backup.status).toBe(200)
  const backupPath = path.join(mkdtempSync(path.join(tmpdir(), 'centraal-restore-')), 'backup.json')
  writeFileSync(backupPath, backup.text)

  // The two browsers start together: much of a first load is waiting (worker, database).
  const [a, b] = await Promise.all([openDevice(admin), openDevice(file.root, PHONE)])
  for (const { page } of [a, b]) await appCard(page, 'Voor Herstel').waitFor()

  // A works offline: an edit and a new app.
  await goOffline(a.context, a.page)
  await editApp(a.page, 'Voor Herstel', { 'Naam *': 'Van A offline' })
  await addApp(a.page, {
    name: 'Nieuw van A',
    url: 'https://nieuw-a.example.com',
    description: 'Gemaakt voor het herstel',
  })

  // B, who restores, has an edit the server has not answered yet.
  await b.context.route('**/api/sync/v1/*/push', (route) => route.abort())
  await editApp(b.page, 'Voor Herstel', { Beschrijving: 'Van B, niet verstuurd' })
  await b.page.goto('/settings')
  const warning = b.page.getByRole('alert', { name: 'Niet verstuurde wijzigingen' })
  await warning.getByText('App Voor Herstel (gewijzigd)').waitFor()
  expect(await warning.textContent()).toContain(
    '1 wijziging die nog niet naar de server is verstuurd',
  )
  await screenshot(b.page, 'restore-with-unsent-changes')
  await b.page.getByLabel('Backupbestand kiezen').setInputFiles(backupPath)
  // The restore's dialog names the unsent change too, and starts once the name is typed.
  const restoreDialog = b.page.getByRole('dialog', { name: 'Backup terugzetten' })
  await restoreDialog
    .getByRole('region', { name: 'Niet verstuurde wijzigingen' })
    .getByText('App Voor Herstel (gewijzigd)')
    .waitFor()
  await screenshot(b.page, 'restore-confirmation-unsent')
  await restoreDialog.getByLabel('Typ Testorganisatie om te bevestigen').fill('Testorganisatie')
  await restoreDialog.getByRole('button', { name: 'Backup terugzetten' }).click()
  await waitForToast(b.page, 'Restore Succesvol')

  // The restorer signs in again: the edit made before the restore is kept, not sent.
  await b.context.unroute('**/api/sync/v1/*/push')
  await b.page.waitForURL('**/login')
  await signInOnPage(b.page, file.root)
  expect(await waitForToast(b.page, 'Er is een back-up teruggezet')).toContain(
    '1 wijziging van dit apparaat is niet verwerkt',
  )
  await waitForShell(b.page)
  const bRows = await openRefusals(b.page)
  const bRow = bRows.filter({ hasText: 'Voor Herstel' })
  await bRow.getByText('Op dit apparaat').waitFor()
  await bRow.getByText(/^Gemaakt vóór het terugzetten van een back-up op /).waitFor()
  expect(await keptValues(bRow)).toContain('Van B, niet verstuurd')
  await screenshot(b.page, 'refusals-after-a-restore')

  // A comes back online after the restore, signs in again, and is told the same.
  await a.context.setOffline(false)
  await a.page.getByRole('button', { name: 'Log In' }).waitFor()
  await signInOnPage(a.page, admin)
  expect(await waitForToast(a.page, 'Er is een back-up teruggezet')).toContain(
    '2 wijzigingen van dit apparaat zijn niet verwerkt',
  )
  await waitForShell(a.page)
  const aRows = await openRefusals(a.page)
  await aRows.filter({ hasText: 'Nieuw van A' }).getByText('Op dit apparaat').waitFor()
  expect(await keptValues(aRows.filter({ hasText: 'Van A offline' }))).toContain('Van A offline')

  // Nothing of before the restore reached the restored data; each device shows the server's.
  const after = await signInApi(file.root)
  const apps = await serverApps(after)
  expect(apps.find((app) => app.id === source.id)).toMatchObject({
    name: 'Voor Herstel',
    description: 'Uit de backup',
  })
  expect(apps.some((app) => app.name === 'Nieuw van A')).toBe(false)
  for (const { page } of [a, b]) {
    await page.goto('/apps')
    await appCard(page, 'Voor Herstel').getByText('Uit de backup').waitFor()
    expect(await appCard(page, 'Nieuw van A').count()).toBe(0)
  }
  await eventually(async () => {
    const activities: { action: string; target: string }[] = (await after.get('/api/activities'))
      .json
    expect(activities.some((activity) => activity.target === 'Van A offline')).toBe(false)
  })
  await a.context.close()
  await b.context.close()
}, 150_000)
