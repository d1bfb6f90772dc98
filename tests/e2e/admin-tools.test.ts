import { readFileSync } from 'node:fs'
import { beforeAll, expect, test } from 'vitest'
import { setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, newAppContext, saveDownload, signIn, waitForToast } from './page-helpers.ts'

// Instellingen → Algemeen → Admin Tools: download a JSON backup, change something, restore
// the file through the picker after the overwrite warning (waiting its turn behind another
// organisation's heavy job, its place shown), and sign in to the old state.

const file = setUpBrowserFile()

beforeAll(async () => {
  await file.api.post('/api/app-connections', {
    name: 'Voor de backup',
    url: 'https://voor.example.com',
  })
})

test('a downloaded JSON backup restores through the file picker after the warning, waiting its turn', async () => {
  const context = await newAppContext(file.browser, file.server.url, DESKTOP, {
    serviceWorker: false,
  })
  await signIn(context, file.root)
  const page = await context.newPage()
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

  let warning = ''
  page.once('dialog', (dialog) => {
    warning = dialog.message()
    void dialog.accept()
  })
  // Another organisation's heavy job has the server's turn: the restore waits, showing its
  // place, and goes on once that job is done.
  const release = await file.server.deps.heavyWork.take('another-org')
  try {
    await page.getByLabel('Backupbestand kiezen').setInputFiles(backupPath)
    await tools.getByText('In de wachtrij: plaats 2').waitFor()
  } finally {
    release()
  }
  expect(await waitForToast(page, 'Restore Succesvol')).toContain('Log opnieuw in')
  expect(warning).toMatch(/overschrijft|overschreven/i)
  await page.waitForURL('**/login')
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
