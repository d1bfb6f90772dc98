import type { Locator, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { formatDay } from '#schema/dutch-day'
import { eventually } from '../support/eventually.ts'
import { buildSalePayload } from '../support/sales.ts'
import { launchGoldEstatesTeam, newSignedInPage, setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, hasHorizontalOverflow, PHONE, waitForToast } from './page-helpers.ts'
import { SALES_BASE as BASE, openSalesScreen, shoot, waitForSalesScreen } from './sales-helpers.ts'

// Commissieplannen on the screens (docs/behaviour.md): the sales ADMIN makes a plan with a
// tier in the settings (field errors from the form and from the server, offline refused
// with what was typed kept), puts Anna on it from her page and sees her position; Anna, a
// SELLER, sees her own position and no editor, and not Bram's.

const file = setUpBrowserFile()
const year = new Date().getUTCFullYear()
const today = new Date().toISOString().slice(0, 10)
let anna: { id: string; name: string; email: string; password: string }
let bram: { id: string }
let admin: Page

/** A region's or link's text, its no-break spaces (after €) read as spaces. */
async function textOf(locator: Locator) {
  return ((await locator.textContent()) ?? '').replaceAll('\u00a0', ' ')
}

beforeAll(async () => {
  const team = await launchGoldEstatesTeam(file, { project: 'Singel', role: 'closer' })
  anna = team.anna
  bram = team.sellers[1]!
  // € 500.000 this year with Anna alone on the team: her volume this period.
  const sale = await file.api.post(
    '/api/gold-estates/sales',
    buildSalePayload({
      projectId: team.project.id,
      salePrice: 50_000_000,
      saleDate: today,
      lines: [{ sellerId: anna.id, percentage: 100 }],
    }),
  )
  expect(sale.status, sale.text).toBe(201)
  admin = await newSignedInPage(file, DESKTOP, { theme: 'light', serviceWorker: false })
  const launch = await admin.context().request.post('/api/admin/launch-gold-estates')
  expect(launch.status()).toBe(200)
}, 60_000)

test('the ADMIN makes a plan with a tier: errors per field, offline kept, then saved', async () => {
  await openSalesScreen(admin, '/settings', 'Instellingen')
  await admin.getByRole('link', { name: /Commissieplannen/ }).click()
  await waitForSalesScreen(admin, 'Commissieplannen')
  await admin.getByRole('link', { name: 'Nieuw plan' }).click()
  await waitForSalesScreen(admin, 'Nieuw commissieplan')

  await admin.getByLabel('Naam *').fill('Closers')
  await admin.getByLabel('Ingangsdatum *').fill(`${year}-01-01`)
  await admin.getByText('Marginaal').click()
  await admin.getByLabel('Basisaandeel (%)').fill('120')
  await admin.getByRole('button', { name: 'Trede toevoegen aan closer' }).click()
  await admin.getByLabel('closer, trede 1: Vanaf (€)').fill('1.000.000')
  await admin.getByLabel('closer, trede 1: Aandeel (%)').fill('70')
  await admin.getByRole('button', { name: 'Trede toevoegen aan closer' }).click()
  await admin.getByLabel('closer, trede 2: Vanaf (€)').fill('800.000')
  await admin.getByLabel('closer, trede 2: Aandeel (%)').fill('80')
  await admin.getByRole('button', { name: 'Plan opslaan' }).click()
  // The problem under its field: the percentage as read (parsePercentage).
  const share = admin.getByLabel('Basisaandeel (%)')
  await eventually(async () => {
    expect(await share.getAttribute('aria-invalid')).toBe('true')
  }, 5_000)
  // The field's hint and the form's one line say the same.
  expect(await admin.getByText('"120" ligt niet tussen 0 en 100').count()).toBe(2)
  // Focus went to the first field in error, for the keyboard.
  await eventually(async () => {
    expect(await share.evaluate((input) => input === document.activeElement)).toBe(true)
  }, 5_000)
  await shoot(admin, 'plan-editor-errors')

  // Tiers that do not rise: the plan's own schema, under the tier's threshold.
  await share.fill('60')
  await admin.getByRole('button', { name: 'Plan opslaan' }).click()
  const second = admin.getByLabel('closer, trede 2: Vanaf (€)')
  await eventually(async () => {
    expect(await second.getAttribute('aria-invalid')).toBe('true')
  }, 5_000)
  await admin
    .getByText('Treden moeten oplopen: deze drempel ligt niet boven de vorige')
    .first()
    .waitFor()
  await eventually(async () => {
    expect(await second.evaluate((input) => input === document.activeElement)).toBe(true)
  }, 5_000)

  await admin.getByLabel('closer, trede 2: Vanaf (€)').fill('2.000.000')
  // Without a connection nothing is sent, it says so, and what was typed stays.
  await admin.context().setOffline(true)
  await admin.getByText('Geen verbinding', { exact: true }).waitFor()
  await admin.getByRole('button', { name: 'Plan opslaan' }).click()
  await admin.getByRole('alert').filter({ hasText: 'Opslaan kan pas met verbinding' }).waitFor()
  expect(await admin.getByLabel('Naam *').inputValue()).toBe('Closers')
  expect(await admin.getByLabel('closer, trede 2: Vanaf (€)').inputValue()).toBe('2.000.000')
  await admin.context().setOffline(false)

  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport)
    expect(await hasHorizontalOverflow(admin)).toBe(false)
    await shoot(admin, 'plan-editor')
  }
  await admin.getByRole('button', { name: 'Plan opslaan' }).click()
  expect(await waitForToast(admin, 'Commissieplan opgeslagen')).toContain('Commissieplan')
  await waitForSalesScreen(admin, 'Commissieplannen')
  const item = admin.getByRole('link', { name: /Closers/ })
  await item.waitFor({ timeout: 20_000 })
  expect(await textOf(item)).toContain(
    'closer 60% · vanaf € 1.000.000: 70% · vanaf € 2.000.000: 80%',
  )

  // The plan's page: its version, and a new version needs a later date.
  await item.click()
  await waitForSalesScreen(admin, 'Closers')
  await admin.getByRole('region', { name: 'Versies' }).getByText(`Vanaf 1-1-${year}`).waitFor()
  await shoot(admin, 'plan-editor-versions')
}, 120_000)

test('the ADMIN puts Anna on the plan and sees her position; a date before is refused by the server', async () => {
  await openSalesScreen(admin, '/sellers', 'Verkopers')
  await admin.getByRole('link', { name: 'Anna Jansen' }).click()
  await waitForSalesScreen(admin, 'Anna Jansen')
  const form = admin.getByRole('form', { name: 'Plan wijzigen' })
  await form.getByRole('button', { name: 'Plan wijzigen' }).click()
  await eventually(async () => {
    expect(await form.getByLabel('Plan').getAttribute('aria-invalid')).toBe('true')
  }, 5_000)
  await form.getByLabel('Plan').selectOption({ label: 'Closers' })
  await form.getByLabel('Vanaf').fill(`${year}-01-01`)
  await form.getByRole('button', { name: 'Plan wijzigen' }).click()
  expect(await waitForToast(admin, 'Plan gewijzigd')).toContain(
    `Anna Jansen: Closers vanaf 1-1-${year}`,
  )

  const position = admin.getByRole('region', { name: 'Positie' })
  await position.getByText('Nog € 500.000 tot 70 %').waitFor({ timeout: 20_000 })
  expect(await textOf(position)).toContain('€ 500.000')
  await admin.getByRole('region', { name: 'Commissieplan' }).getByText('Huidig').waitFor()

  // The same date again: the server's 400 names `from`, shown under the field.
  await form.getByLabel('Plan').selectOption({ label: 'Closers' })
  await form.getByLabel('Vanaf').fill(`${year}-01-01`)
  await form.getByRole('button', { name: 'Plan wijzigen' }).click()
  await form.getByText(`Een nieuw plan moet ingaan na 1-1-${year}`).first().waitFor()
  expect(await form.getByLabel('Vanaf').getAttribute('aria-invalid')).toBe('true')
  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport)
    expect(await hasHorizontalOverflow(admin)).toBe(false)
    await shoot(admin, 'seller-position-admin')
  }
}, 90_000)

test('Anna, a SELLER, sees her own position and no editor; not Bram’s', async () => {
  const page = await newSignedInPage(file, PHONE, {
    theme: 'light',
    serviceWorker: false,
    account: anna,
    area: 'sales',
  })
  await openSalesScreen(page, '/settings', 'Instellingen')
  await page.getByRole('link', { name: /Mijn commissieplan/ }).click()
  await waitForSalesScreen(page, 'Anna Jansen')
  const position = page.getByRole('region', { name: 'Positie' })
  await eventually(async () => {
    expect(await textOf(position)).toContain('Nog € 500.000 tot 70 %')
  }, 20_000)
  expect(await page.getByRole('form', { name: 'Plan wijzigen' }).count()).toBe(0)
  await shoot(page, 'seller-position')
  await page.setViewportSize(DESKTOP)
  await shoot(page, 'seller-position')

  await openSalesScreen(page, `/sellers/${bram.id}`, 'Bram de Vries')
  await page.getByText('Je ziet alleen je eigen commissieplan en positie.').waitFor()
  await openSalesScreen(page, '/settings/commission-plans', 'Commissieplannen')
  await page.getByText('Alleen een admin beheert de commissieplannen.').waitFor()
  expect(await page.getByRole('link', { name: 'Nieuw plan' }).count()).toBe(0)
  expect(page.url()).toContain(`${BASE}/settings/commission-plans`)
  await page.context().close()
}, 90_000)

test('the ADMIN sets Singel’s own rate (errors under the fields) and sees the volume per seller', async () => {
  await admin.setViewportSize(DESKTOP)
  await openSalesScreen(admin, '/projects', 'Projecten')
  const card = admin.getByRole('listitem', { name: 'Singel' })
  await card.getByText('Geen eigen tarief').waitFor({ timeout: 20_000 })
  await card.getByRole('button', { name: 'Eigen tarief' }).click()
  const dialog = admin.getByRole('dialog')
  await dialog.getByText('Dit project heeft geen eigen tarief.').waitFor()
  // Neither a percentage nor a plan: the schema's problem under the percentage.
  await dialog.getByRole('button', { name: 'Tarief opslaan' }).click()
  await eventually(async () => {
    expect(await dialog.getByLabel('Percentage').getAttribute('aria-invalid')).toBe('true')
  }, 5_000)
  await dialog.getByText('Geef een percentage, een plan of allebei').first().waitFor()

  await dialog.getByLabel('Percentage').fill('2,5')
  await dialog.getByLabel('Plan').selectOption({ label: 'Closers' })
  await dialog.getByRole('button', { name: 'Tarief opslaan' }).click()
  expect(await waitForToast(admin, 'Tarief ingesteld')).toContain('Singel: 2,5% · Plan Closers')
  await card.getByText('Eigen tarief: 2,5% · Plan Closers').waitFor({ timeout: 20_000 })
  await card.getByRole('button', { name: 'Eigen tarief' }).click()
  const history = dialog.getByRole('list', { name: 'Tarieven van dit project' })
  await history.getByText('2,5% · Plan Closers').waitFor({ timeout: 20_000 })
  await history.getByText('Huidig').waitFor()

  // The same date again: the server's 400 names `from`, shown under the field, typed kept.
  await dialog.getByLabel('Percentage').fill('3')
  await dialog.getByLabel('Vanaf').fill(today)
  await dialog.getByRole('button', { name: 'Tarief opslaan' }).click()
  await dialog
    .getByText(`Een nieuw tarief moet ingaan na ${formatDay(today)}`)
    .first()
    .waitFor()
  expect(await dialog.getByLabel('Vanaf').getAttribute('aria-invalid')).toBe('true')
  expect(await dialog.getByLabel('Percentage').inputValue()).toBe('3')
  // Offline it says so and sends nothing.
  await admin.context().setOffline(true)
  await dialog.getByText('Geen verbinding', { exact: true }).waitFor()
  await admin.context().setOffline(false)
  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport)
    await shoot(admin, 'project-rate')
  }
  await admin.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })

  // The commission dashboard: Anna on her plan with her bar; Bram, on none, is not listed.
  await openSalesScreen(admin, '/commissions', 'Commissie Dashboard')
  const volume = admin.getByRole('region', { name: 'Volume per verkoper' })
  await volume.getByText('Nog € 500.000 tot 70 %').waitFor({ timeout: 20_000 })
  expect(await volume.getByRole('listitem').count()).toBe(1)
  expect(await textOf(volume)).toContain('Anna Jansen')
  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport)
    expect(await hasHorizontalOverflow(admin)).toBe(false)
    await volume.scrollIntoViewIfNeeded()
    await shoot(admin, 'volume-per-seller')
  }
  // The statistics show the same card.
  await openSalesScreen(admin, '/statistics', 'Statistieken')
  await admin
    .getByRole('region', { name: 'Volume per verkoper' })
    .getByText('Nog € 500.000 tot 70 %')
    .waitFor({ timeout: 20_000 })
}, 120_000)
