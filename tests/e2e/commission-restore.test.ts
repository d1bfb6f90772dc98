import type { BrowserContext } from 'playwright-core'
import { expect, test } from 'vitest'
import { createClient } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, newAppContext } from './page-helpers.ts'
import { regionText } from './sales-helpers.ts'

// The commission screen meets a restore: the database worker keeps the sales it read
// between questions (decision 026), and a backup restored meanwhile must not leave the
// screen adding up sales the organisation no longer has.

const file = setUpBrowserFile()

/** The superadmin's sessions of a client (Centraal's, and Gold Estates' from its launch). */
async function useSessionsOf(context: BrowserContext, client: { cookies: Map<string, string> }) {
  const domain = new URL(file.server.url).hostname
  await context.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, domain, path: '/' })),
  )
}

test('after a restore the commission screen counts the restored sales, not the ones it read before', async () => {
  const { api } = file
  expect((await api.post('/api/admin/launch-gold-estates')).status).toBe(200)
  const seller = (await api.post('/api/gold-estates/sellers', { name: 'Anna Jansen' })).json
  const project = (await api.post('/api/gold-estates/projects', { name: 'Havenkwartier' })).json
  const sell = async (clientName: string) => {
    const sale = buildSalePayload({
      projectId: project.id,
      clientName,
      salePrice: 40_000_000,
      commissionPercentage: 2,
      lines: [{ sellerId: seller.id, percentage: 100 }],
    })
    expect((await api.post('/api/gold-estates/sales', sale)).status).toBe(201)
  }
  await sell('Familie Voor')
  const backup = await api.post('/api/admin/backup', { format: 'json' })
  expect(backup.status).toBe(200)
  await sell('Familie Na')

  const context = await newAppContext(file.browser, file.server.url, DESKTOP)
  const page = await context.newPage()
  await useSessionsOf(context, api)
  await page.goto('/gold-estates/commissions')
  const list = page.getByRole('region', { name: 'Verkochte woningen' })
  await list.waitFor({ timeout: 30_000 })
  await page.getByRole('listitem', { name: 'Verkoop Familie Na' }).waitFor()
  expect(await regionText(page, 'Verkochte woningen')).toContain('2 verkopen')

  const restored = await api.post('/api/admin/restore', backup.text)
  expect(restored.status).toBe(200)

  // Every session ended with the restore: signed in again, the screen shows the backup's.
  const again = createClient(file.server.url)
  expect((await again.post('/api/auth/login/email', file.root)).status).toBe(200)
  expect((await again.post('/api/admin/launch-gold-estates')).status).toBe(200)
  await useSessionsOf(context, again)
  await page.goto('/gold-estates/commissions')
  await page.getByRole('listitem', { name: 'Verkoop Familie Voor' }).waitFor({ timeout: 30_000 })
  await expect
    .poll(() => regionText(page, 'Verkochte woningen'), { timeout: 15_000 })
    .toContain('1 verkopen')
  expect(await page.getByRole('listitem', { name: 'Verkoop Familie Na' }).count()).toBe(0)
  await context.close()
}, 120_000)
