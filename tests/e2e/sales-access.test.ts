import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInNewOrganisation } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { eventually } from '../support/eventually.ts'
import type { Client } from '../support/http.ts'
import type { TestServer } from '../support/test-server.ts'
import {
  closeToast,
  DESKTOP,
  hasHorizontalOverflow,
  isTakingScreenshots,
  newAppContext,
  openSignedIn,
  PHONE,
  screenshot,
  waitForToast,
} from './page-helpers.ts'
import { useSharedServer } from './shared-server.ts'

// Gold Estates access: a SUPERADMIN launches it from Apps, sets up projects and sellers
// through the screens and gives a seller a sign-in; the seller completes the setup link
// and signs in at the sales login. The sales host serves the same area without prefix,
// and every sales screen without a sales session goes to the sales login.

let server: TestServer
let browser: Browser
let api: Client

let root: { email: string; password: string }
let seller: { name: string; email: string; password: string }
/** An address of this file's organisation. */
let email: (local: string) => string

beforeAll(async () => {
  ;[server, browser] = await Promise.all([useSharedServer(), connectBrowser()])
  ;({ api, root, email } = await signInNewOrganisation(server))
  seller = { name: 'Sanne Setter', email: email('sanne'), password: 'sanne password' }
  // The API client gets a sales session too, to look at what reached the server.
  expect((await api.post('/api/admin/launch-gold-estates')).status).toBe(200)
})

afterAll(async () => {
  await browser?.close()
})

type Viewport = { width: number; height: number }

async function newPage(
  options: { viewport?: Viewport; theme?: 'dark' | 'light'; baseURL?: string } = {},
) {
  // Who sees what is decided online: no service worker to install (decision 023).
  const context = await newAppContext(
    browser,
    options.baseURL ?? server.url,
    options.viewport ?? DESKTOP,
    {
      timeout: 10_000,
      theme: options.theme,
      serviceWorker: false,
    },
  )
  return { context, page: await context.newPage() }
}

async function signInSales(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Sales Management Portal' }).waitFor()
  await page.getByLabel('E-mailadres').fill(email)
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Inloggen' }).click()
}

/** The sales header is on screen (its logout button), for the signed-in sales area. */
async function waitForSalesHeader(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).waitFor()
}

async function openFromSettings(page: Page, link: string, heading: string) {
  await page.getByRole('banner').getByRole('link', { name: 'Instellingen' }).click()
  await page.getByRole('heading', { level: 1, name: 'Instellingen' }).waitFor()
  await page.getByRole('link', { name: new RegExp(`^${link}`) }).click()
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

async function addProject(page: Page, fields: Record<string, string>) {
  await page
    .getByRole('button', { name: /Nieuw Project|Voeg je eerste project toe/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Nieuw Project' })
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value)
  await dialog.getByRole('button', { name: 'Toevoegen' }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('listitem', { name: fields['Naam *'] }).waitFor()
}

async function addSeller(
  page: Page,
  fields: { name: string; email?: string; phone?: string; role: string; otherRole?: string },
) {
  await page
    .getByRole('button', { name: /Nieuwe Verkoper|Voeg je eerste verkoper toe/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Nieuwe Verkoper' })
  await dialog.getByLabel('Naam *').fill(fields.name)
  if (fields.email) await dialog.getByLabel('E-mail').fill(fields.email)
  if (fields.phone) await dialog.getByLabel('Telefoon').fill(fields.phone)
  await dialog.getByLabel('Teamrol').selectOption(fields.role)
  if (fields.otherRole) await dialog.getByLabel('Andere rol').fill(fields.otherRole)
  await dialog.getByRole('button', { name: 'Toevoegen' }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('listitem', { name: fields.name }).waitFor()
}

let setupPath = ''

/** IndexedDB databases of the sales area's local RxDB database in this browser. */
function salesDatabaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases())
      .map((info) => info.name ?? '')
      .filter((name) => name.startsWith('rxdb-dexie-centraal-sales_')),
  )
}

test('a sales screen without a sales session goes to the sales login', async () => {
  const { context, page } = await newPage()
  for (const path of ['/gold-estates/projects', '/gold-estates/dashboard', '/gold-estates']) {
    await page.goto(path)
    await page.waitForURL('**/gold-estates/login')
    await page.getByRole('heading', { name: 'Sales Management Portal' }).waitFor()
  }
  // A wrong password: the server's message in the documented toast.
  await signInSales(page, root.email, 'wrong password')
  const toast = await waitForToast(page, 'Login mislukt')
  expect(toast).toContain('Ongeldig e-mailadres of wachtwoord')
  await context.close()
})

test('a SUPERADMIN launches Gold Estates from Apps and sets up projects and sellers', async () => {
  const { context, page } = await newPage()
  await openSignedIn(page, root, '/apps')
  const launch = page.getByRole('button', { name: 'LAUNCH APP' })
  await launch.click()
  // The toast shows while the browser already leaves for the sales dashboard.
  await page.waitForURL('**/gold-estates/dashboard')
  await waitForSalesHeader(page)
  await page.getByRole('banner').getByText('Gold Estates').waitFor()
  await page.getByRole('banner').getByText('Root Admin').waitFor()
  await page.getByRole('banner').getByText('Admin', { exact: true }).waitFor()

  await openFromSettings(page, 'Projecten', 'Projecten')
  await page.getByText('Nog geen projecten').waitFor()
  // Validation: the name is required.
  await page.getByRole('button', { name: 'Nieuw Project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nieuw Project' })
  await dialog.getByRole('button', { name: 'Toevoegen' }).click()
  await dialog.getByText('Naam is verplicht').waitFor()
  await dialog.getByRole('button', { name: 'Annuleren' }).click()
  await addProject(page, {
    'Naam *': 'Havenkwartier',
    Locatie: 'Rotterdam',
    Type: 'Appartementen',
    Label: 'Nieuwbouw',
    'Totaal aantal units': '40',
  })
  await addProject(page, { 'Naam *': 'Parkzicht', Locatie: 'Utrecht', Label: 'Bestaand' })
  await page
    .getByRole('listitem', { name: 'Havenkwartier' })
    .getByText('0 van 40 verkocht')
    .waitFor()

  await openFromSettings(page, 'Verkopers', 'Verkopers')
  await addSeller(page, { name: seller.name, email: seller.email, role: 'setter' })
  await addSeller(page, { name: 'Iris ISA', email: email('iris'), role: 'ISA' })
  await addSeller(page, {
    name: 'Cor Closer',
    phone: '0612345678',
    role: '__other__',
    otherRole: 'Senior closer',
  })

  // Everything reached the server through replication.
  await eventually(async () => {
    const projects = (await api.get('/api/gold-estates/projects')).json
    expect(projects.map((project: { name: string }) => project.name).sort()).toEqual([
      'Havenkwartier',
      'Parkzicht',
    ])
    const sellers = (await api.get('/api/gold-estates/sellers')).json
    expect(
      sellers.map((row: { name: string; role: string }) => [row.name, row.role]).sort(),
    ).toEqual([
      ['Cor Closer', 'Senior closer'],
      ['Iris ISA', 'ISA'],
      ['Sanne Setter', 'setter'],
    ])
  })

  // Deactivating asks first.
  const cor = page.getByRole('listitem', { name: 'Cor Closer' })
  page.once('dialog', (confirm) => void confirm.accept())
  await page.getByRole('button', { name: 'Acties voor Cor Closer' }).click()
  await page.getByRole('menuitem', { name: 'Deactiveren' }).click()
  await cor.getByText('Inactief').waitFor()
  expect(await waitForToast(page, 'Verkoper gedeactiveerd')).toContain('Cor Closer')
  // Closed, as it lies over the settings' save button below.
  await closeToast(page, 'Verkoper gedeactiveerd')

  // A sign-in for Sanne: the setup link, with a copy button.
  await page.getByRole('button', { name: `Acties voor ${seller.name}` }).click()
  await page.getByRole('menuitem', { name: 'Inloggen toestaan' }).click()
  const loginDialog = page.getByRole('dialog', { name: 'Inloggen toestaan' })
  await loginDialog.getByRole('button', { name: 'Setup-link maken' }).click()
  const setupUrl = await loginDialog.getByLabel('Setup-link').inputValue()
  await loginDialog.getByRole('button', { name: 'Kopieer link' }).waitFor()
  setupPath = new URL(setupUrl).pathname
  expect(setupPath).toMatch(/^\/setup\/.+/)
  await loginDialog.getByRole('button', { name: 'Sluiten' }).first().click()
  await page.getByRole('listitem', { name: seller.name }).getByText('Kan inloggen').waitFor()

  // Settings: the integration fields are disabled until the switch is on.
  await page.getByRole('banner').getByRole('link', { name: 'Instellingen' }).click()
  const webhook = page.getByLabel('Webhook URL')
  expect(await webhook.isDisabled()).toBe(true)
  await page.getByText('De XMS/GoHighLevel integratie is uitgeschakeld').waitFor()
  await page.getByRole('switch', { name: 'Integratie ingeschakeld' }).click()
  await webhook.fill('https://crm.example.com/hook')
  await page.getByLabel('API key').fill('secret-key-1234')
  await page.getByLabel('Betalingstermijn (dagen)').fill('45')
  await page.getByRole('button', { name: 'Instellingen opslaan' }).click()
  const saved = await waitForToast(page, 'Instellingen opgeslagen')
  expect(saved).toContain('XMS/GoHighLevel configuratie is bijgewerkt')
  await eventually(async () =>
    expect(await page.getByLabel('API key').inputValue()).toBe('••••••••1234'),
  )
  // A new address gets no stored key: the field empties and says why.
  await webhook.fill('https://crm.example.com/other-hook')
  expect(await page.getByLabel('API key').inputValue()).toBe('')
  await page.getByText('een nieuwe webhook-URL krijgt de opgeslagen key niet').waitFor()
  await webhook.fill('https://crm.example.com/hook')
  const settings = (await api.get('/api/gold-estates/settings')).json
  expect(settings).toMatchObject({
    xmsEnabled: true,
    xmsWebhookUrl: 'https://crm.example.com/hook',
    xmsLocationId: null,
    paymentTermDays: 45,
  })
  await context.close()
}, 60_000)

test('the seller completes the setup link and signs in at the sales login', async () => {
  expect(setupPath).not.toBe('')
  const { context, page } = await newPage({ viewport: PHONE })
  await page.goto(setupPath)
  await page.getByLabel('Wachtwoord', { exact: true }).fill(seller.password)
  await page.getByLabel('Bevestig wachtwoord').fill(seller.password)
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click()
  await page.getByText('Setup voltooid!').first().waitFor()
  // After 2 s the setup page goes to the sales login the server named.
  await page.waitForURL('**/gold-estates/login')
  await signInSales(page, seller.email, seller.password)
  await waitForToast(page, 'Welkom terug!')
  await page.waitForURL('**/gold-estates/dashboard')
  await waitForSalesHeader(page)

  // A SELLER sees the settings and the team, read-only.
  await page.getByRole('banner').getByRole('link', { name: 'Instellingen' }).click()
  await page
    .getByText(
      'Je e-mailadres en je meldingen stel je zelf in; de overige instellingen kan alleen een admin wijzigen.',
    )
    .waitFor()
  expect(await page.getByLabel('Betalingstermijn (dagen)').isDisabled()).toBe(true)
  expect(await page.getByRole('button', { name: 'Instellingen opslaan' }).count()).toBe(0)
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await page.getByRole('link', { name: /^Verkopers/ }).click()
  await page.getByRole('listitem', { name: 'Iris ISA' }).waitFor()
  expect(await page.getByRole('button', { name: 'Nieuwe Verkoper' }).count()).toBe(0)

  // Logout ends the sales session, deletes the sales local database and goes back to the
  // sales login.
  expect(await salesDatabaseNames(page)).not.toEqual([])
  await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).click()
  await page.waitForURL('**/gold-estates/login')
  await eventually(async () => expect(await salesDatabaseNames(page)).toEqual([]))
  await page.goto('/gold-estates/dashboard')
  await page.waitForURL('**/gold-estates/login')
  await context.close()
})

test('on the sales host the sales area answers without the prefix', async () => {
  const salesUrl = `http://sales.localhost:${new URL(server.url).port}`
  const { context, page } = await newPage({ baseURL: salesUrl })
  await page.goto('/projects')
  await page.waitForURL(`${salesUrl}/login`)
  await page.getByRole('heading', { name: 'Sales Management Portal' }).waitFor()
  await signInSales(page, seller.email, seller.password)
  await page.waitForURL(`${salesUrl}/dashboard`)
  await waitForSalesHeader(page)
  await page.getByRole('banner').getByRole('link', { name: 'Instellingen' }).click()
  await page.waitForURL(`${salesUrl}/settings`)
  // No way back to Centraal on the sales host.
  expect(await page.getByRole('link', { name: 'Terug naar Centraal' }).count()).toBe(0)
  await context.close()
})

test.runIf(isTakingScreenshots)(
  'screenshots: login, projects, sellers and settings on phone and desktop, dark and light',
  async () => {
    for (const theme of ['dark', 'light'] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page } = await newPage({ viewport, theme })
        await page.goto('/gold-estates/login')
        await page.getByRole('heading', { name: 'Sales Management Portal' }).waitFor()
        await screenshot(page, `sales-login-${theme}`)
        await signInSales(page, root.email, 'wrong password')
        await waitForToast(page, 'Login mislukt')
        await signInCentralAndLaunch(page)
        for (const [path, heading, name] of [
          ['/gold-estates/projects', 'Projecten', 'sales-projects'],
          ['/gold-estates/sellers', 'Verkopers', 'sales-sellers'],
          ['/gold-estates/settings', 'Instellingen', 'sales-settings'],
        ] as const) {
          await page.goto(path)
          await page.getByRole('heading', { level: 1, name: heading }).waitFor()
          await page.getByText('Laden...').waitFor({ state: 'detached' })
          expect(await hasHorizontalOverflow(page)).toBe(false)
          await screenshot(page, `${name}-${theme}`)
        }
        await page.goto('/gold-estates/sellers')
        await page.getByRole('button', { name: 'Nieuwe Verkoper' }).click()
        await page.getByRole('dialog', { name: 'Nieuwe Verkoper' }).waitFor()
        await screenshot(page, `sales-seller-dialog-${theme}`, { fullPage: false })
        await context.close()
      }
    }
  },
  180_000,
)

/** Central sign-in and LAUNCH APP in this page's context, ending on the sales dashboard. */
async function signInCentralAndLaunch(page: Page) {
  await openSignedIn(page, root)
  await page.goto('/apps')
  await page.getByRole('button', { name: 'LAUNCH APP' }).click()
  await page.waitForURL('**/gold-estates/dashboard')
  await waitForSalesHeader(page)
}
