import type { Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { eventually } from '../support/eventually.ts'
import { waitForServiceWorker } from './app-helpers.ts'
import { type GoldEstatesTeam, launchGoldEstatesTeam, setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, newAppPage, PHONE, signIn, waitForToast } from './page-helpers.ts'
import { SALES_BASE as BASE, shoot, waitForSalesScreen } from './sales-helpers.ts'

// Commission plans on a SELLER's phone (decision 040): the wizard proposes her share from
// her plan; offline she registers the sale that takes her over her retroactive tier and
// sees her own calculation as provisional; online, the server's lines arrive, and her
// earlier sale of the year shows the adjustment the crossing made.

const EURO = 100
const file = setUpBrowserFile()
/** Havenkwartier; Anna, a closer signed in as a SELLER. */
let team: GoldEstatesTeam
let earlierId: string

beforeAll(async () => {
  team = await launchGoldEstatesTeam(file, { role: 'closer', bram: false })
  const annaId = team.anna.id
  const year = new Date().getUTCFullYear()
  const plan = await file.api.post('/api/gold-estates/commission-plans', {
    name: 'Closers',
    period: 'year',
    mode: 'retroactive',
    from: `${year - 1}-01-01`,
    roles: [{ role: 'closer', share: 60, tiers: [{ fromVolume: 1_000_000 * EURO, share: 70 }] }],
    extras: [{ commissionType: 'referral', share: 10 }],
  })
  expect(plan.status, plan.text).toBe(201)
  const placed = await file.api.request('PUT', `/api/gold-estates/sellers/${annaId}/plan`, {
    planId: plan.json.id,
    from: `${year - 1}-01-01`,
  })
  expect(placed.status, placed.text).toBe(200)
  // Her earlier sale this year: € 800.000, 60 % of € 16.000 net.
  const earlier = await file.api.post('/api/gold-estates/sales', {
    projectId: team.project.id,
    clientName: 'Familie Eerder',
    propertyNumber: 'HK-1',
    saleDate: `${year}-01-15`,
    salePrice: 800_000 * EURO,
    commissionPercentage: 2,
    team: [{ sellerId: annaId, role: 'closer' }],
  })
  expect(earlier.status, earlier.text).toBe(201)
  earlierId = earlier.json.id
}, 60_000)

/** A page in the light theme, with the app's motion and its service worker. */
const newPage = (viewport: typeof PHONE) =>
  newAppPage(file.browser, file.server.url, viewport, {
    timeout: 20_000,
    theme: 'light',
    reducedMotion: false,
  })

/** Steps 1–3 of a € 300.000 sale at 2 %; the wizard then shows step 4 with the proposal. */
async function fillUpToSplit(page: Page, client = 'Familie Drempel', property = 'HK-2') {
  await page.getByRole('heading', { level: 2, name: 'Selecteer project' }).waitFor()
  await page.getByLabel('Project *').selectOption(team.project.id)
  await page.getByLabel('Bouwnummer *').fill(property)
  await page.getByRole('button', { name: 'Volgende' }).click()
  await page.getByLabel('Klantnaam *').fill(client)
  await page.getByRole('button', { name: 'Volgende' }).click()
  await page.getByLabel('Verkoopprijs (€) *').fill('300000')
  await page.getByLabel('Commissie (%) *').fill('2')
  await page.getByRole('button', { name: 'Volgende' }).click()
  await page.getByRole('heading', { level: 2, name: 'Commissie splits' }).waitFor()
}

test('a SELLER offline registers the sale that crosses her tier; after sync the server lines and the adjustment', async () => {
  const phone = await newPage(PHONE)
  await signIn(phone.context(), team.anna, 'sales')
  // Her earlier sale on the dashboard: her device holds her plan and sales.
  await phone.goto(`${BASE}/sales/${earlierId}`)
  await waitForSalesScreen(phone, 'Familie Eerder')
  await phone.goto(`${BASE}/sales/new`)
  await fillUpToSplit(phone)
  // The proposal: € 800.000 + € 300.000 reaches € 1.000.000, so 70 % (tier 1).
  const proposal = phone.getByText(/Volgens plan Closers: trede 1, 70\s?%/)
  await proposal.waitFor()
  expect(await phone.getByLabel('Percentage 1', { exact: true }).inputValue()).toBe('70')
  expect(await phone.getByText(/aandeel van Kantoor/).textContent()).toMatch(/30\s?%/)
  await shoot(phone, 'plans-wizard-proposal-phone')
  // Changing the line says it deviates; "Plan volgen" brings the proposal back.
  await phone.getByLabel('Percentage 1', { exact: true }).fill('80')
  await phone.getByText('Afwijkend van plan', { exact: true }).waitFor()
  await phone.getByRole('button', { name: 'Plan volgen' }).click()
  await proposal.waitFor()

  // Offline once the app is on the device: the service worker has every screen's code
  // (the commissions page was not loaded yet, and on a busy machine not yet precached).
  await waitForServiceWorker(phone)
  await phone.context().setOffline(true)
  await phone.getByRole('button', { name: 'Verkoop Registreren' }).click()
  await waitForToast(phone, 'Verkoop geregistreerd!')
  await phone.waitForURL(`**${BASE}/dashboard`)
  // Offline: the sale with her own calculation, provisional: € 6.000 net × 70 %.
  await phone.getByRole('link', { name: 'Commissies' }).last().click()
  await phone
    .getByRole('listitem', { name: 'Verkoop Familie Drempel' })
    .getByRole('link', { name: /Familie Drempel/ })
    .click()
  await waitForSalesScreen(phone, 'Familie Drempel')
  await phone.getByText('Nog niet op de server').waitFor()
  await phone.getByText(/Voorlopig volgens plan · trede 1/).waitFor()

  await phone.context().setOffline(false)
  // The server's line arrives; the provisional note gives way.
  await phone.getByText(/^Volgens plan · trede 1/).waitFor({ timeout: 30_000 })
  await eventually(async () => {
    const sales = (await file.api.get('/api/gold-estates/sales')).json as { clientName: string }[]
    expect(sales.some((sale) => sale.clientName === 'Familie Drempel')).toBe(true)
  }, 30_000)
  // The earlier sale got the adjustment: 10 % of € 16.000, with the reason.
  await phone.goto(`${BASE}/sales/${earlierId}`)
  await waitForSalesScreen(phone, 'Familie Eerder')
  await phone.getByText(/Trede 1 bereikt: 70\s?% \(was 60\s?%\)/).waitFor({ timeout: 30_000 })
  // The office's remainder is the office's business: her screen has no "Kantoor".
  expect(await phone.getByTestId('office-share').count()).toBe(0)
  // The device's figures, their kept reading changed by the pull's events (decision 045),
  // equal the server's, read afresh from its database.
  await phone
    .getByRole('link', { name: /^(Dashboard|Home)$/ })
    .last()
    .click()
  await phone.waitForURL(`**${BASE}/dashboard`)
  const asked = await phone
    .context()
    .request.get('/api/gold-estates/commissions/dashboard?salesListLimit=1&upcomingLimit=1')
  expect(asked.status()).toBe(200)
  const { pendingCommissions } = (await asked.json()) as { pendingCommissions: number }
  const pending = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2 }).format(
    pendingCommissions / 100,
  )
  await phone
    .getByRole('region', { name: 'Openstaand', exact: true })
    .getByText(pending, { exact: false })
    .waitFor({ timeout: 20_000 })
    .catch(async (error: Error) => {
      const shown = await phone
        .getByRole('region', { name: 'Openstaand', exact: true })
        .textContent()
      throw new Error(`${error.message}\nthe tile shows: ${shown} at ${phone.url()}`)
    })
  await phone.context().close()
}, 120_000)

test('her referral share from the plan; her line typed over the plan goes to review', async () => {
  for (const [viewport, size] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    const page = await newPage(viewport)
    await signIn(page.context(), team.anna, 'sales')
    await page.goto(`${BASE}/sales/new`)
    const client = `Familie Afwijkend ${size}`
    await fillUpToSplit(page, client, `HK-${size}`)
    // The plan gives referral 10 % of the net, a fixed share: proposed when she is chosen.
    await page.getByLabel('Aanbreng', { exact: true }).selectOption(team.anna.id)
    await page.getByText(/Volgens plan Closers: vast aandeel, 10\s?%/).waitFor()
    expect(await page.getByLabel('Aanbreng %', { exact: true }).inputValue()).toBe('10')
    // She types 80 % where her plan gives 70 %: it deviates and will be held.
    await page.getByLabel('Percentage 1', { exact: true }).fill('80')
    await page.getByText('Afwijkend van plan', { exact: true }).waitFor()
    const notice = page.getByRole('status').filter({ hasText: 'Deze verkoop gaat ter beoordeling' })
    await notice.getByText(/Afwijkend van plan: 80% in plaats van 70% \(salesteam\)/).waitFor()
    await shoot(page, `plans-wizard-deviation-${size}`)
    if (size === 'desktop') {
      await page.context().close()
      continue
    }
    await page.getByRole('button', { name: 'Verkoop Registreren' }).click()
    await waitForToast(page, 'Verkoop ter beoordeling')
    let saleId = ''
    await eventually(async () => {
      const sales = (await file.api.get('/api/gold-estates/sales')).json as {
        id: string
        clientName: string
        reviewStatus: string | null
      }[]
      const found = sales.find((sale) => sale.clientName === client)
      expect(found?.reviewStatus).toBe('pending')
      saleId = found?.id ?? ''
    }, 30_000)
    // Her sale, from the server: held, why, and her line saying what the plan gave.
    await page.goto(`${BASE}/sales/${saleId}`)
    await waitForSalesScreen(page, client)
    const panel = page.getByRole('region', { name: 'Ter beoordeling' })
    await panel.getByText(/Afwijkend van plan: 80% in plaats van 70%/).waitFor({ timeout: 30_000 })
    await page.getByText('Afwijkend van plan (plan: 70 %)').waitFor({ timeout: 30_000 })
    await shoot(page, 'plans-sale-deviation-phone')
    await page.context().close()
  }
}, 120_000)

test("the wizard's proposal at desktop size", async () => {
  const page = await newPage(DESKTOP)
  await signIn(page.context(), team.anna, 'sales')
  await page.goto(`${BASE}/sales/new`)
  await fillUpToSplit(page)
  await page.getByText(/Volgens plan Closers: trede 1, 70\s?%/).waitFor()
  await shoot(page, 'plans-wizard-proposal-desktop')
  await page.context().close()
}, 90_000)

test("the office's remainder on a sale from plans, as the ADMIN sees it", async () => {
  for (const [viewport, name] of [
    [PHONE, 'plans-office-share-phone'],
    [DESKTOP, 'plans-office-share-desktop'],
  ] as const) {
    const page = await newPage(viewport)
    await signIn(page.context(), file.root)
    expect((await page.context().request.post('/api/admin/launch-gold-estates')).status()).toBe(200)
    await page.goto(`${BASE}/sales/${earlierId}`)
    await waitForSalesScreen(page, 'Familie Eerder')
    // € 16.000 net; Anna's 60 % and the crossing's 10 % adjustment leave the office 30 %.
    const share = page.getByTestId('office-share')
    await eventually(async () => expect(await share.textContent()).toMatch(/4\.800,00/), 30_000)
    await page.getByText('wat het team volgens de plannen niet krijgt').waitFor()
    await shoot(page, name)
    await page.context().close()
  }
}, 90_000)
