import { format } from 'date-fns/format'
import { nl } from 'date-fns/locale/nl'
import { subDays } from 'date-fns/subDays'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { createClient } from '../support/http.ts'
import { createApp } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, hasHorizontalOverflow, openSignedIn, PHONE, screenshot } from './page-helpers.ts'

// Usage on the Apps screen: a key made in the detail view, reports sent with it, the
// figures on the card and per day in the dialog. Phone in dark, desktop in light.

const file = setUpBrowserFile()

beforeAll(async () => {
  await createApp(file.api, {
    name: 'Webshop',
    url: 'https://webshop.example.com',
    description: 'Bestellingen en klanten.',
  })
})

async function openApps(viewport: typeof PHONE, theme: 'dark' | 'light'): Promise<Page> {
  const context = await file.browser.newContext({
    viewport,
    baseURL: file.server.url,
    locale: 'nl-NL',
  })
  context.setDefaultTimeout(10_000)
  await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
  const page = await context.newPage()
  await openSignedIn(page, file.root)
  const nav =
    viewport.width < 768
      ? page.getByRole('navigation', { name: 'Snelmenu' })
      : page.getByRole('complementary', { name: 'Zijbalk' })
  await nav.getByRole('link', { name: 'Apps' }).click()
  await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
  return page
}

const card = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Webshop' }) })

const report = (key: string, body: unknown) =>
  createClient(file.server.url).post('/api/usage', body, { authorization: `Bearer ${key}` })

/** The three figures of a card or the dialog's totals, in their order. */
async function expectFigures(scope: Locator) {
  await expect
    .poll(async () =>
      (await scope.getByRole('definition').allTextContents()).map((text) =>
        text.replace(/\s/g, ' '),
      ),
    )
    .toEqual(['25', '€ 12,34', '1,2 MB'])
}

test('a key, reports with it, and the figures on the card and per day', async () => {
  const page = await openApps(PHONE, 'dark')
  await card(page).getByText('Nog geen gebruik gemeld').waitFor()
  await card(page).getByRole('button', { name: 'Details gebruik van Webshop' }).click()
  const dialog = page.getByRole('dialog', { name: 'Gebruik van Webshop' })
  await dialog.getByText('Nog geen gebruik gemeld').waitFor()
  expect(await dialog.textContent()).toContain('/api/usage')
  await dialog.getByRole('button', { name: 'API-sleutel aanmaken' }).click()
  const keyField = dialog.getByLabel('Nieuwe API-sleutel')
  await keyField.waitFor()
  const apiKey = await keyField.inputValue()
  expect(apiKey).toMatch(new RegExp(`^cen_${file.organisationId}\\.[a-z2-7]{32}$`))
  await dialog.getByText('Bewaar deze sleutel nu').waitFor()
  await dialog.getByRole('button', { name: 'Kopieer sleutel' }).waitFor()
  await screenshot(page, 'app-usage-key-dark', { fullPage: false })
  expect(await hasHorizontalOverflow(page)).toBe(false)

  // 20 + 5 calls on two days, € 12,34, and a database that grew to 1,2 MB.
  const threeDaysAgo = format(subDays(new Date(), 3), 'yyyy-MM-dd')
  for (const body of [
    { metric: 'api_calls', value: 20 },
    { metric: 'api_calls', value: 5, date: threeDaysAgo },
    { metric: 'cost_cents', value: 1234 },
    { metric: 'db_bytes', value: 1_000_000, date: threeDaysAgo },
    { metric: 'db_bytes', value: 1_234_567 },
  ]) {
    expect((await report(apiKey, body)).status).toBe(201)
  }
  await dialog.getByRole('button', { name: 'Vernieuwen' }).click()
  await expectFigures(dialog)
  const callsChart = dialog.getByRole('img', { name: /^API-calls per dag/ })
  expect(await callsChart.getAttribute('aria-label')).toMatch(/hoogste 20 op/)
  expect(await callsChart.locator('rect').count()).toBe(2)
  await dialog.getByRole('img', { name: /^Kosten per dag/ }).waitFor()
  await dialog.getByRole('img', { name: /^Database per dag/ }).waitFor()
  // The table, opened with the keyboard.
  await dialog.getByText('Tabel per dag').focus()
  await page.keyboard.press('Enter')
  const today = format(new Date(), 'd MMM', { locale: nl })
  const todayRow = dialog
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: today, exact: true }) })
  expect(await todayRow.textContent()).toMatch(/20€\s12,341,2\sMB/)
  expect(await dialog.getByRole('row').count()).toBe(31)
  await screenshot(page, 'app-usage-dialog-dark', { fullPage: false })
  expect(await hasHorizontalOverflow(page)).toBe(false)

  // Rotating asks first, then retires the old key.
  await dialog.getByRole('button', { name: 'Nieuwe sleutel' }).click()
  await dialog
    .getByText('De huidige sleutel werkt daarna meteen niet meer', { exact: false })
    .waitFor()
  const confirm = dialog.getByRole('button', { name: 'Ja, vervang de sleutel' })
  expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true)
  await page.keyboard.press('Enter')
  await expect.poll(() => keyField.inputValue()).not.toBe(apiKey)
  const rotated = await keyField.inputValue()
  expect((await report(apiKey, { metric: 'api_calls', value: 0 })).status).toBe(401)
  expect((await report(rotated, { metric: 'api_calls', value: 0 })).status).toBe(201)

  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await expectFigures(card(page))
  await screenshot(page, 'app-usage-card-dark')
  expect(await hasHorizontalOverflow(page)).toBe(false)

  await page.context().setOffline(true)
  await card(page).getByText('Gebruik niet beschikbaar offline').waitFor()
  expect(await card(page).getByText('25', { exact: true }).count()).toBe(0)
  await page.context().close()

  // Desktop, light, by keyboard: the card's figures and the dialog with its charts.
  const desktop = await openApps(DESKTOP, 'light')
  await expectFigures(card(desktop))
  await screenshot(desktop, 'app-usage-card-light')
  await card(desktop).getByRole('button', { name: 'Details gebruik van Webshop' }).focus()
  await desktop.keyboard.press('Enter')
  const desktopDialog = desktop.getByRole('dialog', { name: 'Gebruik van Webshop' })
  await expectFigures(desktopDialog)
  await desktopDialog.getByRole('button', { name: 'Nieuwe sleutel' }).waitFor()
  await screenshot(desktop, 'app-usage-dialog-light', { fullPage: false })
  expect(await hasHorizontalOverflow(desktop)).toBe(false)
  await desktop.keyboard.press('Escape')
  await desktopDialog.waitFor({ state: 'detached' })
  // Focus goes back to the button that opened the dialog.
  const usageButton = card(desktop).getByRole('button', { name: 'Details gebruik van Webshop' })
  await expect
    .poll(() => usageButton.evaluate((button) => button === document.activeElement))
    .toBe(true)
  await desktop.context().close()
}, 60_000)
