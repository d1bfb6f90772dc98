import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { formatMoney } from '#web/lib/format-money.ts'
import { eventually } from '../support/eventually.ts'
import { buildSalePayload } from '../support/sales.ts'
import { waitForServiceWorker } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import {
  closeToast,
  DESKTOP,
  hasHorizontalOverflow,
  isTakingScreenshots,
  newAppContext,
  PHONE,
  waitForToast,
} from './page-helpers.ts'
import {
  SALES_BASE as BASE,
  calculateWizardSale,
  callFromPage,
  fillWizard,
  launchGoldEstates,
  regionText,
  shoot,
  type WizardSale,
  waitForSalesScreen,
} from './sales-helpers.ts'

// Gold Estates from launch to statistics, in the built app: the superadmin launches the
// sales area, registers a sale through the four wizard steps, and the dashboard, the
// commission screen and the statistics show what the one arithmetic gives, as '€ 1.234,56'.
// A second sale registered offline reaches the server exactly once after reconnecting.

const file = setUpBrowserFile()
let context: BrowserContext
let page: Page

/** '€ 1.234,56': Intl's no-break space after the symbol, dots for thousands. */
const MONEY = /^€\u00a0\d{1,3}(\.\d{3})*,\d{2}$/

type Project = { id: string; name: string }
type Seller = { id: string; name: string; role: string | null }
const projects: Project[] = []
const sellers: Seller[] = []

type SaleInput = WizardSale

/** The first sale: every field of the arithmetic in play, amounts above a thousand. */
const firstSale: SaleInput = {
  clientName: 'Familie de Groot',
  propertyNumber: 'HK-14',
  price: 452_500,
  commission: 3,
  discount: 10,
  costs: 1250.5,
  lines: [
    { seller: 0, commissionType: 'sales', percentage: 60 },
    { seller: 1, commissionType: 'sales', percentage: 40 },
    { seller: 2, commissionType: 'referral', percentage: 15 },
  ],
}

/** The offline sale: half cents that round up (4.984,375 → 4.984,38). */
const offlineSale: SaleInput = {
  clientName: 'Offline Klant Jansen',
  propertyNumber: 'ZP-3',
  price: 398_750,
  commission: 2.5,
  discount: 0,
  costs: 0,
  lines: [
    { seller: 0, commissionType: 'sales', percentage: 50 },
    { seller: 1, commissionType: 'sales', percentage: 50 },
    { seller: 2, commissionType: 'referral', percentage: 10 },
  ],
}

const expected = calculateWizardSale

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/**
 * Opens a sales place through the app's own navigation, without a load: the header's row
 * from 768 px, the bottom bar on a phone.
 */
async function openThroughNav(
  target: Page,
  place: 'Dashboard' | 'Nieuwe verkoop' | 'Commissies' | 'Statistieken',
  heading: string,
) {
  const isPhone = (target.viewportSize()?.width ?? 0) < 768
  const shortLabels = { Dashboard: 'Home', 'Nieuwe verkoop': 'Verkoop' } as Record<string, string>
  const nav = isPhone
    ? target.getByRole('navigation', { name: 'Gold Estates snelmenu' })
    : target.getByRole('banner').getByRole('navigation', { name: 'Gold Estates' })
  await nav
    .getByRole('link', { name: isPhone ? (shortLabels[place] ?? place) : place, exact: true })
    .click()
  await waitForSalesScreen(target, heading)
}

/** Switches the header's theme to `theme` if it is not already on. */
async function chooseTheme(target: Page, theme: 'dark' | 'light') {
  const isDark = () => target.evaluate(() => document.documentElement.classList.contains('dark'))
  if ((await isDark()) === (theme === 'dark')) return
  await target
    .getByRole('banner')
    .getByRole('button', { name: theme === 'dark' ? 'Donker thema' : 'Licht thema' })
    .click()
  await expect.poll(isDark).toBe(theme === 'dark')
}

beforeAll(async () => {
  // With the app's motion, and its service worker: a sale is registered offline.
  context = await newAppContext(file.browser, file.server.url, DESKTOP, { reducedMotion: false })
  page = await context.newPage()
})

test('the superadmin launches Gold Estates and sets up projects and sellers', async () => {
  await launchGoldEstates(page, file.root)
  await page.getByText('Nog geen verkopen').waitFor()
  await shoot(page, 'sales-dashboard-empty-dark')

  // Made together: each keeps its place in its list, whatever order the server takes them in.
  const madeProjects = Promise.all(
    (
      [
        ['Havenkwartier', 'Amsterdam', 'Nieuwbouw'],
        ['Zuidpark', 'Utrecht', 'Bestaand'],
      ] as const
    ).map(([name, location, label]) =>
      callFromPage<Project>(page, 'POST', '/api/gold-estates/projects', { name, location, label }),
    ),
  )
  const madeSellers = Promise.all(
    (
      [
        ['Anna Jansen', 'closer'],
        ['Bram de Vries', 'setter'],
        ['Chris Bakker', 'ISA'],
      ] as const
    ).map(([name, role]) =>
      callFromPage<Seller>(page, 'POST', '/api/gold-estates/sellers', {
        name,
        email: `${name.split(' ')[0]?.toLowerCase()}@goldestates.example.com`,
        role,
      }),
    ),
  )
  for (const created of await madeProjects) {
    expect(created.status).toBe(201)
    projects.push(created.json)
  }
  for (const created of await madeSellers) {
    expect(created.status).toBe(201)
    sellers.push(created.json)
  }
}, 60_000)

/** The wizard's choices: project 0 and the sellers. */
const catalog = () => ({ project: projects[0]!, sellers })

test('a sale through the four wizard steps shows the arithmetic everywhere', async () => {
  const result = expected(firstSale)
  await page.getByRole('link', { name: 'Nieuwe verkoop' }).first().click()
  await page.waitForURL(`**${BASE}/sales/new`)
  await fillWizard(page, firstSale, catalog(), { check: true })

  // Choosing a seller fills the role; the live arithmetic is on screen.
  expect(await page.getByLabel('Rol 1', { exact: true }).inputValue()).toBe('closer')
  expect(await page.getByLabel('Rol 2', { exact: true }).inputValue()).toBe('setter')
  const summary = await regionText(page, 'Berekening')
  for (const cents of [
    result.grossCents,
    result.discountCents,
    result.netCents,
    ...result.lineAmountsCents,
  ]) {
    expect(summary).toContain(formatMoney(cents))
  }
  expect(await page.getByText('Totaal sales team:').textContent()).toContain('100%')
  expect(await page.getByText('Waarschuwing: Extra commissies boven 50%').count()).toBe(0)

  // Above 50 % extra the warning shows, without blocking; back to 15 % for the sale.
  await page.getByLabel('Aanbreng %', { exact: true }).fill('55')
  await page.getByText('Waarschuwing: Extra commissies boven 50% (55%)').waitFor()
  await page.getByText('(Boven 50%!)').waitFor()
  await page.getByLabel('Aanbreng %', { exact: true }).fill('15')
  await page.getByText('(Boven 50%!)').waitFor({ state: 'detached' })

  await page.getByRole('button', { name: 'Verkoop Registreren' }).click()
  expect(await waitForToast(page, 'Verkoop geregistreerd!')).toBe(
    'Verkoop geregistreerd! De verkoop en commissies zijn succesvol aangemaakt.',
  )
  await page.waitForURL(`**${BASE}/dashboard`)

  // The server recomputed and stored the same amounts.
  const stored = await eventually(async () => {
    const answer = await callFromPage<{ id: string; commissionAmount: number }[]>(
      page,
      'GET',
      '/api/gold-estates/sales',
    )
    expect(answer.json).toHaveLength(1)
    return answer.json[0]!
  })
  expect(stored.commissionAmount).toBe(result.netCents)
  const lines = await callFromPage<{ saleId: string; commissionAmount: number }[]>(
    page,
    'GET',
    '/api/gold-estates/commissions',
  )
  expect(lines.json.map((line) => line.commissionAmount).sort()).toEqual(
    [...result.lineAmountsCents].sort(),
  )

  // Dashboard: everything pending (due in 30 days), nothing paid or overdue.
  const totalLines = sum(result.lineAmountsCents)
  await eventually(async () =>
    expect(await regionText(page, 'Openstaand')).toContain(formatMoney(totalLines)),
  )
  expect(formatMoney(totalLines)).toMatch(MONEY)
  expect(await regionText(page, 'Betaald')).toContain(formatMoney(0))
  expect(await regionText(page, 'Achterstallig')).toContain(formatMoney(0))
  expect(await regionText(page, 'Totaal Verkoop')).toContain('1')
  const upcoming = await regionText(page, 'Aankomende Betalingen')
  expect(upcoming).toContain('3 items')
  for (const cents of result.lineAmountsCents) expect(upcoming).toContain(formatMoney(cents))
  expect(upcoming).toContain('Havenkwartier')
  expect(upcoming).toContain('Familie de Groot')
  expect(upcoming).toContain('Over 30 dagen')

  // Commission screen: the seven tiles, the sale with its lines, the breakdowns.
  await page.getByRole('link', { name: /Commissie Dashboard/ }).click()
  await page.getByRole('heading', { level: 1, name: 'Commissie Dashboard' }).waitFor()
  expect(await page.getByLabel('Periode', { exact: true }).inputValue()).toBe('last30Days')
  expect(await regionText(page, 'Verkochte woningen')).toContain('1')
  expect(await regionText(page, 'Gem. verkoopprijs')).toContain(formatMoney(45_250_000))
  expect(await regionText(page, 'Gem. commissie %')).toContain('3%')
  expect(await regionText(page, 'Gem. commissie')).toContain(formatMoney(result.netCents))
  expect(await regionText(page, 'Te ontvangen')).toContain(formatMoney(totalLines))
  expect(await regionText(page, 'Ontvangen')).toContain(formatMoney(0))
  const sale = page.getByRole('listitem', { name: 'Verkoop Familie de Groot' })
  const saleText = (await sale.textContent()) ?? ''
  for (const cents of result.lineAmountsCents) expect(saleText).toContain(formatMoney(cents))
  expect(saleText).toContain('Anna Jansen')
  expect(saleText).toContain('In behandeling')
  expect(await regionText(page, 'Per verkoper')).toContain(formatMoney(result.lineAmountsCents[0]!))
  expect(await regionText(page, 'Per project')).toContain(formatMoney(45_250_000))

  // Marked paid, undone from the toast, and paid again.
  await sale.getByRole('button', { name: 'Markeer betaald: Anna Jansen' }).click()
  expect(await waitForToast(page, 'Commissie betaald')).toContain(
    formatMoney(result.lineAmountsCents[0]!),
  )
  await eventually(async () =>
    expect(await regionText(page, 'Ontvangen')).toContain(formatMoney(result.lineAmountsCents[0]!)),
  )
  await page.getByRole('button', { name: 'Ongedaan maken' }).click()
  await eventually(async () =>
    expect(await regionText(page, 'Ontvangen')).toContain(formatMoney(0)),
  )
  await sale.getByRole('button', { name: 'Markeer betaald: Anna Jansen' }).click()
  await sale.getByRole('button', { name: 'Markeer als openstaand: Anna Jansen' }).waitFor()
  // Read and closed: the toast lies over the wizard's buttons in the next test for 5 s.
  expect(await waitForToast(page, 'Commissie betaald')).toContain(
    formatMoney(result.lineAmountsCents[0]!),
  )
  await closeToast(page, 'Commissie betaald')
  expect(await sale.locator('span', { hasText: /^Betaald$/ }).count()).toBe(1)
  await eventually(async () => {
    const answer = await callFromPage<{ status: string; commissionAmount: number }[]>(
      page,
      'GET',
      '/api/gold-estates/commissions',
    )
    expect(answer.json.filter((line) => line.status === 'paid')).toHaveLength(1)
  })

  // A filter that matches nothing.
  await page.getByLabel('Project', { exact: true }).selectOption(projects[1]!.id)
  await page.getByText('Geen verkopen gevonden voor de geselecteerde filters').waitFor()
  await page.getByLabel('Project', { exact: true }).selectOption('all')
  await page.getByRole('listitem', { name: 'Verkoop Familie de Groot' }).waitFor()

  // Statistics, through the header.
  await openThroughNav(page, 'Statistieken', 'Statistieken')
  expect(await regionText(page, 'Totaal Verkopen')).toContain('1')
  expect(await regionText(page, 'Gem. Verkoopprijs')).toContain(formatMoney(45_250_000))
  const revenue = await regionText(page, 'Omzet overzicht')
  expect(revenue).toContain(formatMoney(45_250_000))
  expect(revenue).toContain(formatMoney(result.netCents))
  const breakdown = await regionText(page, 'Commissie verdeling')
  expect(breakdown).toContain(
    formatMoney(result.lineAmountsCents[0]! + result.lineAmountsCents[1]!),
  )
  expect(breakdown).toContain(formatMoney(result.lineAmountsCents[2]!))
  const extra = await regionText(page, 'Extra commissie analyse')
  expect(extra).toContain(formatMoney(result.lineAmountsCents[2]!))
  expect(extra).not.toContain('Vereist aandacht!')
  expect(await hasHorizontalOverflow(page)).toBe(false)
}, 120_000)

test('a sale registered offline reaches the server exactly once after reconnecting', async () => {
  const result = expected(offlineSale)
  // From the statistics to the dashboard through the header, without a load.
  await page.getByRole('banner').getByRole('link', { name: 'Gold Estates' }).click()
  await waitForSalesScreen(page, 'Dashboard')
  // Offline once the service worker holds every screen's code (the wizard loads then).
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.getByText('Je bent offline - wijzigingen worden lokaal opgeslagen').waitFor()
  await page.getByRole('link', { name: 'Nieuwe verkoop' }).first().click()
  await fillWizard(page, offlineSale, catalog())
  const summary = await regionText(page, 'Berekening')
  for (const cents of result.lineAmountsCents) expect(summary).toContain(formatMoney(cents))
  expect(formatMoney(result.lineAmountsCents[0]!)).toBe('€\u00a04.984,38')
  await page.getByRole('button', { name: 'Verkoop Registreren' }).click()
  await waitForToast(page, 'Verkoop geregistreerd!')
  await page.waitForURL(`**${BASE}/dashboard`)
  // Counted at once from the local database, while still offline.
  await eventually(async () => expect(await regionText(page, 'Totaal Verkoop')).toContain('2'))
  expect(await regionText(page, 'Aankomende Betalingen')).toContain(
    formatMoney(result.lineAmountsCents[0]!),
  )

  await context.setOffline(false)
  const onServer = async () =>
    (
      await callFromPage<{ clientName: string; commissionAmount: number }[]>(
        page,
        'GET',
        '/api/gold-estates/sales',
      )
    ).json
  await eventually(async () => expect(await onServer()).toHaveLength(2), 30_000)
  // Once the device has nothing left to send, a duplicate push would have arrived.
  await expect
    .poll(
      () => page.locator('header button[aria-label^="Synchronisatie:"]').getAttribute('aria-label'),
      {
        timeout: 15_000,
      },
    )
    .toBe('Synchronisatie: Gesynchroniseerd')
  const sales = await onServer()
  expect(sales).toHaveLength(2)
  const arrived = sales.filter((sale) => sale.clientName === offlineSale.clientName)
  expect(arrived).toHaveLength(1)
  expect(arrived[0]!.commissionAmount).toBe(result.netCents)
  const lines = await callFromPage<{ commissionAmount: number }[]>(
    page,
    'GET',
    '/api/gold-estates/commissions',
  )
  expect(lines.json).toHaveLength(6)
  await eventually(async () => expect(await regionText(page, 'Totaal Verkoop')).toContain('2'))
}, 120_000)

test.runIf(isTakingScreenshots)(
  'screenshots: wizard steps, dashboard, commissions, statistics, phone and desktop, dark and light',
  async () => {
    // A third sale, with 55 % extra commission, for the statistics' warnings.
    const high = await callFromPage(
      page,
      'POST',
      '/api/gold-estates/sales',
      buildSalePayload({
        projectId: projects[1]!.id,
        clientName: 'Van Dijk Vastgoed',
        propertyNumber: 'ZP-8',
        salePrice: 61_500_000,
        commissionPercentage: 2,
        lines: [
          { sellerId: sellers[0]!.id, percentage: 100, role: 'closer' },
          { sellerId: sellers[2]!.id, commissionType: 'referral', percentage: 30 },
          { sellerId: sellers[1]!.id, commissionType: 'manager', percentage: 25 },
        ],
      }),
    )
    expect(high.status).toBe(201)
    // The file's own browser, at both sizes by resizing it and in both themes through the
    // header's switch; each screen reached through the app's navigation, without a load.
    for (const theme of ['dark', 'light'] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport)
        await chooseTheme(page, theme)

        await openThroughNav(page, 'Dashboard', 'Dashboard')
        await eventually(async () =>
          expect(await regionText(page, 'Totaal Verkoop')).toContain('3'),
        )
        // Eight upcoming payments: five shown, and a link to all of them.
        await eventually(async () =>
          expect(await regionText(page, 'Aankomende Betalingen')).toContain('8 items'),
        )
        expect(await page.getByRole('link', { name: 'Bekijk alle 8 betalingen' }).count()).toBe(1)
        expect(await hasHorizontalOverflow(page)).toBe(false)
        await shoot(page, `sales-dashboard-${theme}`)

        await openThroughNav(page, 'Commissies', 'Commissie Dashboard')
        await page.getByRole('listitem', { name: 'Verkoop Familie de Groot' }).waitFor()
        expect(await hasHorizontalOverflow(page)).toBe(false)
        await shoot(page, `sales-commissions-${theme}`)

        await openThroughNav(page, 'Statistieken', 'Statistieken')
        await page.getByText('1 verkoop heeft extra commissies boven 50%.').waitFor()
        expect(await regionText(page, 'Extra commissie analyse')).toContain('Vereist aandacht!')
        expect(await hasHorizontalOverflow(page)).toBe(false)
        await shoot(page, `sales-statistics-${theme}`)

        await openThroughNav(page, 'Nieuwe verkoop', 'Nieuwe verkoop')
        await shoot(page, `sales-wizard-1-${theme}`)
        const sale = { ...firstSale, clientName: 'Screenshot Klant' }
        await page.getByLabel('Project *').selectOption(projects[0]!.id)
        await page.getByLabel('Bouwnummer *').fill(sale.propertyNumber)
        await page.getByRole('button', { name: 'Volgende' }).click()
        await page.getByLabel('Klantnaam *').fill(sale.clientName)
        await shoot(page, `sales-wizard-2-${theme}`)
        await page.getByRole('button', { name: 'Volgende' }).click()
        await page.getByLabel('Verkoopprijs (€) *').fill(String(sale.price))
        await page.getByLabel('Kosten (€)').fill(String(sale.costs))
        await page.getByLabel('Korting (%)').fill(String(sale.discount))
        await shoot(page, `sales-wizard-3-${theme}`)
        await page.getByRole('button', { name: 'Volgende' }).click()
        await page.getByLabel('Verkoper 1', { exact: true }).selectOption(sellers[0]!.id)
        await page.getByLabel('Percentage 1', { exact: true }).fill('70')
        await page.getByRole('button', { name: 'Verkoper toevoegen' }).click()
        await page.getByLabel('Verkoper 2', { exact: true }).selectOption(sellers[1]!.id)
        await page.getByLabel('Percentage 2', { exact: true }).fill('30')
        await page.getByLabel('Aanbreng', { exact: true }).selectOption(sellers[2]!.id)
        await page.getByLabel('Aanbreng %', { exact: true }).fill('40')
        await page.getByLabel('Sales Manager', { exact: true }).selectOption(sellers[1]!.id)
        await page.getByLabel('Sales Manager %', { exact: true }).fill('12.5')
        await page.getByText('(Boven 50%!)').waitFor()
        expect(await hasHorizontalOverflow(page)).toBe(false)
        await shoot(page, `sales-wizard-4-${theme}`)
      }
    }
    // Back as the next test expects the page: the dashboard, at the desktop size, dark.
    await chooseTheme(page, 'dark')
    await openThroughNav(page, 'Dashboard', 'Dashboard')
  },
  180_000,
)

test('a line of 0 marked paid offline waits in the queue and shows paid once it is sent', async () => {
  // A referral at 0 %: nothing to pay in parts, so the line is marked as it is (REST).
  const payload = buildSalePayload({
    projectId: projects[1]!.id,
    clientName: 'Familie Nul',
    salePrice: 20_000_000,
    lines: [
      { sellerId: sellers[0]!.id, percentage: 100 },
      { sellerId: sellers[2]!.id, commissionType: 'referral', percentage: 0 },
    ],
  })
  expect((await callFromPage(page, 'POST', '/api/gold-estates/sales', payload)).status).toBe(201)
  // From the dashboard, where the offline sale left the page; the new sale arrives by sync.
  await page.getByRole('link', { name: /Commissie Dashboard/ }).click()
  await waitForSalesScreen(page, 'Commissie Dashboard')
  const sale = page.getByRole('listitem', { name: 'Verkoop Familie Nul' })
  const markPaid = sale.getByRole('button', { name: 'Markeer betaald: Chris Bakker' })
  await markPaid.waitFor()

  await context.setOffline(true)
  await page.getByText('Je bent offline - wijzigingen worden lokaal opgeslagen').waitFor()
  await markPaid.click()
  await waitForToast(page, 'Commissie betaald')
  const referralStatus = async () => {
    const lines = await callFromPage<
      { sellerId: string; commissionAmount: number; status: string }[]
    >(page, 'GET', '/api/gold-estates/commissions')
    return lines.json.find(
      (line) => line.sellerId === sellers[2]!.id && line.commissionAmount === 0,
    )?.status
  }
  await context.setOffline(false)
  // The queued call is sent when the connection returns; the sale comes back with the
  // line marked.
  await sale
    .getByRole('button', { name: 'Markeer als openstaand: Chris Bakker' })
    .waitFor({ timeout: 30_000 })
  expect(await referralStatus()).toBe('paid')
}, 120_000)

test('the sales list is paged, 25 at a time', async () => {
  // The sales the earlier tests made (fewer when the picture-only test is skipped).
  const countSales = async (projectId?: string) => {
    const query = projectId ? `?projectId=${projectId}` : ''
    const answer = await callFromPage<{ totalSales: number }>(
      page,
      'GET',
      `/api/gold-estates/commissions/dashboard${query}`,
    )
    expect(answer.status).toBe(200)
    return answer.json.totalSales
  }
  const before = await countSales()
  const beforeInProject = await countSales(projects[1]!.id)
  // Sent together: the order they are made in plays no part.
  const created = await Promise.all(
    Array.from({ length: 30 }, (_, index) =>
      callFromPage(
        page,
        'POST',
        '/api/gold-estates/sales',
        buildSalePayload({
          projectId: projects[index % 2]!.id,
          clientName: `Klant ${String(index).padStart(2, '0')}`,
          propertyNumber: `P-${index}`,
          salePrice: 30_000_000 + index * 100_000,
          lines: [{ sellerId: sellers[index % 3]!.id, percentage: 100 }],
        }),
      ),
    ),
  )
  expect(created.map((answer) => answer.status)).toEqual(Array(30).fill(201))
  // The commission screen the previous test left open, or opened through the header; the new
  // sales arrive by sync.
  await openThroughNav(page, 'Commissies', 'Commissie Dashboard')
  const pager = page.getByRole('navigation', { name: "Pagina's" })
  const total = before + 30
  await eventually(async () => expect(await pager.textContent()).toContain(`1–25 van ${total}`))
  expect(await page.getByRole('listitem', { name: /^Verkoop / }).count()).toBe(25)
  await pager.getByRole('button', { name: 'Volgende pagina' }).click()
  await eventually(async () =>
    expect(await pager.textContent()).toContain(`26–${Math.min(total, 50)} van ${total}`),
  )
  expect(await page.getByRole('listitem', { name: /^Verkoop / }).count()).toBe(
    Math.min(total, 50) - 25,
  )
  expect(await pager.getByRole('button', { name: 'Volgende pagina' }).isDisabled()).toBe(
    total <= 50,
  )
  // A filter starts again at the first page.
  await page.getByLabel('Project', { exact: true }).selectOption(projects[1]!.id)
  await eventually(async () =>
    expect(await page.getByRole('listitem', { name: /^Verkoop / }).count()).toBe(
      beforeInProject + 15,
    ),
  )
  expect(await page.getByRole('navigation', { name: "Pagina's" }).count()).toBe(0)
}, 60_000)
