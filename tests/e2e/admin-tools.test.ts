import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { formatDateTime } from '#web/lib/format-date.ts'
import { newSignedInPage, setUpBrowserFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  PHONE,
  saveDownload,
  screenshot,
  submitLogin,
  waitForShell,
  waitForToast,
} from './page-helpers.ts'

// Instellingen → Algemeen → Admin Tools: download a JSON backup, change something, restore
// the file through the picker once the organisation's name is typed (waiting its turn behind
// another organisation's heavy job, its place shown), and sign in to the old state, told
// which backup was restored.

const appName = (app: { name: string }) => app.name

const file = setUpBrowserFile()

beforeAll(async () => {
  await file.api.post('/api/app-connections', {
    name: 'Voor de backup',
    url: 'https://voor.example.com',
  })
})

test('a downloaded JSON backup restores once the name is typed, waits its turn, and is announced after', async () => {
  const page = await newSignedInPage(file, DESKTOP, { serviceWorker: false })
  const context = page.context()
  await page.goto('/settings')
  const tools = page.getByRole('region', { name: 'Admin Tools' })
  await tools.waitFor()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    tools.getByRole('button', { name: 'Backup JSON' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^centraal-backup-${file.organisationId}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  )
  const backupPath = await saveDownload(download)
  expect(readFileSync(backupPath, 'utf8')).toContain('"format":"centraal-backup"')
  await waitForToast(page, 'Backup gedownload')

  // A change after the backup, which the restore must undo.
  await file.api.post('/api/app-connections', {
    name: 'Na de backup',
    url: 'https://na.example.com',
  })

  // The file picked, a dialog asks for the organisation's name before anything starts.
  await page.getByLabel('Backupbestand kiezen').setInputFiles(backupPath)
  const dialog = page.getByRole('dialog', { name: 'Backup terugzetten' })
  await dialog.waitFor()
  const backupMoment = formatDateTime(JSON.parse(readFileSync(backupPath, 'utf8')).createdAt)
  expect(await dialog.textContent()).toContain(`Backup van${backupMoment} (van vandaag)`)
  expect(await dialog.textContent()).toContain('Vervangtde gegevens van vandaag')
  const confirm = dialog.getByRole('button', { name: 'Backup terugzetten' })
  const typed = dialog.getByLabel('Typ Testorganisatie om te bevestigen')
  expect(await confirm.isDisabled()).toBe(true)
  await typed.fill('testorganisatie')
  expect(await confirm.isDisabled()).toBe(true)
  await screenshot(page, 'restore-confirmation', { fullPage: false })
  // Escape closes it and nothing happens; the name is asked again the next time.
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  expect((await file.api.get('/api/app-connections')).json.map(appName)).toContain('Na de backup')
  await page.getByLabel('Backupbestand kiezen').setInputFiles(backupPath)
  await typed.waitFor()
  expect(await typed.inputValue()).toBe('')
  // Another organisation's heavy job has the server's turn: the restore waits, showing its
  // place, and goes on once that job is done.
  const release = await file.server.deps.heavyWork.take('another-org')
  try {
    // Typed and sent with the keyboard alone.
    await typed.fill('Testorganisatie')
    expect(await confirm.isDisabled()).toBe(false)
    await typed.press('Enter')
    await tools.getByText('In de wachtrij: plaats 2').waitFor()
  } finally {
    release()
  }
  expect(await waitForToast(page, 'Restore Succesvol')).toContain('Log opnieuw in')
  await page.waitForURL('**/login')

  // Signed in again, the restorer reads which backup was restored, and the log has it.
  await submitLogin(page, file.root)
  await waitForShell(page)
  const notice = page.getByRole('region', { name: 'Backup teruggezet' })
  expect(await notice.textContent()).toContain(`de backup van ${backupMoment} teruggezet`)
  // The page may still reload itself once: data of the earlier epoch is emptied and filled
  // again from the restored state. A navigation that reload cuts short goes again.
  await expect
    .poll(() =>
      page.goto('/activities').then(
        () => true,
        () => false,
      ),
    )
    .toBe(true)
  await page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: 'Backup teruggezet: backup van' })
    .waitFor()
  // Taken once the reload is behind it: a picture taken while the page reloads fails.
  await notice.waitFor()
  await screenshot(page, 'restore-notice', { fullPage: false })
  await notice.getByRole('button', { name: 'Melding sluiten' }).click()
  await notice.waitFor({ state: 'detached' })
  await page.reload()
  await waitForShell(page)
  expect(await page.getByRole('region', { name: 'Backup teruggezet' }).count()).toBe(0)
  // Nothing of the old page may touch the session the checks below sign in with.
  await page.close()

  const names = async () => {
    const again = await context.request.post('/api/auth/login/email', { data: file.root })
    expect(again.status()).toBe(200)
    const answer = await context.request.get('/api/app-connections')
    expect(answer.status()).toBe(200)
    const apps = await answer.json()
    return apps.map((app: { name: string }) => app.name)
  }
  const after = await names()
  expect(after).toContain('Voor de backup')
  expect(after).not.toContain('Na de backup')
  await context.close()
})

test('phone: the restore dialog fits, names the backup and keeps its button disabled until the name matches', async () => {
  const page = await newSignedInPage(file, PHONE, { serviceWorker: false })
  const context = page.context()
  await page.goto('/settings')
  // The first test's restore ended the file's API session: this context's own asks.
  const backup = await context.request.post('/api/admin/backup', { data: { format: 'json' } })
  const backupPath = path.join(mkdtempSync(path.join(tmpdir(), 'centraal-restore-')), 'b.json')
  writeFileSync(backupPath, await backup.text())
  await page.getByLabel('Backupbestand kiezen').setInputFiles(backupPath)
  const dialog = page.getByRole('dialog', { name: 'Backup terugzetten' })
  await dialog.getByText('Backup van').waitFor()
  const confirm = dialog.getByRole('button', { name: 'Backup terugzetten' })
  expect(await confirm.isDisabled()).toBe(true)
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'restore-confirmation', { fullPage: false })
  await dialog.getByRole('button', { name: 'Annuleren' }).click()
  await dialog.waitFor({ state: 'detached' })
  await context.close()
})
