import type { Page } from 'playwright-core'
import { v7 as uuidv7 } from 'uuid'
import { beforeAll, expect, test } from 'vitest'
import { signInInvitedUser } from '../support/accounts.ts'
import { type Client, createClient } from '../support/http.ts'
import { setUpBrowserFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  newAppPage,
  openSignedIn,
  PHONE,
  screenshot,
} from './page-helpers.ts'

// Writes the server refused stay findable after a reload: the header points to them and
// "Niet verwerkte wijzigingen" lists them until the person marks them read. Screenshots
// go to tests/screenshots/.

type Viewport = { width: number; height: number }

const file = setUpBrowserFile()

let USER: { email: string; password: string; name: string }
let SELLER: { email: string; password: string; name: string }

/** Pushes one new document as the client and expects the server to refuse it. */
async function pushRefused(client: Client, collection: string, document: object) {
  const answer = await client.post(`/api/sync/v1/${collection}/push`, {
    rows: [{ newDocumentState: { ...document, id: uuidv7(), _deleted: false } }],
  })
  expect(answer.json.refused).toHaveLength(1)
}

beforeAll(async () => {
  USER = { email: file.email('ursula'), password: 'USER password', name: 'Ursula User' }
  SELLER = { email: file.email('sanne'), password: 'sanne password', name: 'Sanne Setter' }
  const user = await signInInvitedUser(file.server, {
    email: USER.email,
    role: 'USER',
    name: USER.name,
    org: file.organisationId,
  })
  await pushRefused(user, 'users', {
    name: 'Jan de Vries met een heel lange achternaam',
    email: 'jan@example.com',
    role: 'ADMIN',
    status: 'active',
  })
  await pushRefused(user, 'appConnections', {
    name: 'Boekhouding',
    url: 'https://boekhouding.example.com',
    status: 'active',
  })
})

/**
 * A browser in the light theme; with reduced motion, so a row marked read leaves without an
 * animation to wait out. The refusals are kept on the device and read online: no service
 * worker to install (decision 023).
 */
const newPage = (viewport: Viewport) =>
  newAppPage(file.browser, file.server.url, viewport, {
    timeout: 10_000,
    theme: 'light',
    serviceWorker: false,
  })

async function openPage(viewport: Viewport, path: string) {
  const page = await newPage(viewport)
  await page.goto(path)
  return page
}

/** A browser signed in through the API, opened at `path` in the signed-in shell. */
async function openSignedInPage(
  viewport: Viewport,
  account: { email: string; password: string },
  path = '/',
) {
  const page = await newPage(viewport)
  await openSignedIn(page, account, path)
  return page
}

async function waitForList(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Niet verwerkte wijzigingen' }).waitFor()
  await page.getByText('Laden...').waitFor({ state: 'detached' })
}

test('a refused change is listed after a reload, and "Gelezen" marks it read', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await openSignedInPage(viewport, USER)
    // This browser never saw the refusals: the header points to the server's copy.
    await page.getByRole('link', { name: 'Niet verwerkte wijzigingen: 2' }).click()
    await waitForList(page)
    await page.reload()
    await waitForList(page)
    const list = page.getByRole('list', { name: 'Niet verwerkte wijzigingen' })
    const rows = list.getByRole('listitem')
    expect(await rows.count()).toBe(2)
    const text = await list.textContent()
    expect(text).toContain('Jan de Vries met een heel lange achternaam')
    expect(text).toContain('Gebruiker aangemaakt')
    expect(text).toContain('App aangemaakt')
    expect(text).toContain('users.write')
    expect(text).toMatch(/zojuist|minuten? geleden/)
    expect(await page.getByRole('group', { name: 'Wiens wijzigingen' }).count()).toBe(0)
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'sync-refusals-light')
    await page.context().close()
  }

  const page = await openSignedInPage(PHONE, USER, '/sync-refusals')
  await waitForList(page)
  const row = page
    .getByRole('list', { name: 'Niet verwerkte wijzigingen' })
    .getByRole('listitem')
    .filter({ hasText: 'Boekhouding' })
  await row.getByRole('button', { name: /^Gelezen/ }).click()
  await row.waitFor({ state: 'detached' })
  await page.getByRole('link', { name: 'Niet verwerkte wijzigingen: 1' }).waitFor()
  await page.reload()
  await waitForList(page)
  const list = page.getByRole('list', { name: 'Niet verwerkte wijzigingen' })
  expect(await list.getByRole('listitem').count()).toBe(1)
  await page.context().close()
})

test("an administrator sees everyone's refusals with their names", async () => {
  const page = await openSignedInPage(DESKTOP, file.root, '/sync-refusals')
  await waitForList(page)
  await page.getByText('Geen niet verwerkte wijzigingen').waitFor()
  await screenshot(page, 'sync-refusals-empty-light')
  await page.getByRole('radio', { name: 'Hele organisatie' }).click()
  await page.getByText(`door ${USER.name}`).waitFor()
  await screenshot(page, 'sync-refusals-organisation-light')
  await page.setViewportSize(PHONE)
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'sync-refusals-organisation-light')
  await page.context().close()
})

test('the sales area lists a SELLER their refused change', async () => {
  expect((await file.api.post('/api/admin/launch-gold-estates')).status).toBe(200)
  const created = await file.api.post('/api/gold-estates/sellers', {
    name: SELLER.name,
    email: SELLER.email,
  })
  const link = await file.api.post(`/api/gold-estates/sellers/${created.json.id}/login`, {
    role: 'SELLER',
  })
  const seller = createClient(file.server.url)
  const token = link.json.setupUrl.split('/setup/')[1]
  await seller.post(`/api/auth/setup/${token}`, { password: SELLER.password })
  expect((await seller.post('/api/gold-estates/auth/login', SELLER)).status).toBe(200)
  await pushRefused(seller, 'projects', { name: 'Havenkwartier', status: 'active' })

  for (const viewport of [PHONE, DESKTOP]) {
    const page = await openPage(viewport, '/gold-estates/login')
    await page.getByLabel('E-mailadres').fill(SELLER.email)
    await page.getByLabel('Wachtwoord', { exact: true }).fill(SELLER.password)
    await page.getByRole('button', { name: 'Inloggen' }).click()
    await page.getByRole('link', { name: 'Niet verwerkte wijzigingen: 1' }).click()
    await page.waitForURL('**/gold-estates/sync-refusals')
    await waitForList(page)
    const text = await page.getByRole('list', { name: 'Niet verwerkte wijzigingen' }).textContent()
    expect(text).toContain('Havenkwartier')
    expect(text).toContain('Project aangemaakt')
    await screenshot(page, 'sales-sync-refusals-light')
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await page.context().close()
  }
})
