import type { Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import type { UserRole } from '#schema/roles'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { setUpInvitedAccount } from '../support/accounts.ts'
import { createClient } from '../support/http.ts'
import { setUpOwnServerFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  PHONE,
  screenshot,
  waitForShell,
  waitForToast,
} from './page-helpers.ts'
import { callFromPage, SALES_BASE } from './sales-helpers.ts'

// "Kies je organisatie": a person whose address and password match accounts in several
// organisations picks one, on the central login page, its dialog and the Gold Estates login.

const file = setUpOwnServerFile()
const { openPage } = file

const person = { email: 'pat@example.com', password: 'pat wachtwoord' }
const seller = { email: 'sam@example.com', password: 'sam wachtwoord' }

async function setPassword(token: string, password: string) {
  const answer = await createClient(file.server.url).post(`/api/auth/setup/${token}`, { password })
  if (answer.status !== 200) throw new Error(`setup: ${answer.status} ${answer.text}`)
}

/** A central account of `org` with the given password. */
const createAccount = (org: string, email: string, password: string, role: UserRole = 'USER') =>
  setUpInvitedAccount(file.server, { email, org, password, role, name: 'Pat Tweemaal' })

/** The owner of `org` launches Gold Estates and gives a seller with `email` a sign-in. */
async function createSellerSignIn(org: string, email: string, password: string) {
  const ownerEmail = `owner@${org}.example`
  await createAccount(org, ownerEmail, 'owner wachtwoord', 'SUPERADMIN')
  const owner = createClient(file.server.url)
  await owner.post('/api/auth/login/email', { email: ownerEmail, password: 'owner wachtwoord' })
  await owner.post('/api/admin/launch-gold-estates')
  const created = await owner.post('/api/gold-estates/sellers', { name: 'Sam Verkoper', email })
  const link = await owner.post(`/api/gold-estates/sellers/${created.json.id}/login`, {
    role: 'SELLER',
  })
  await setPassword(link.json.setupUrl.split('/setup/')[1], password)
}

beforeAll(async () => {
  await createOrganisation(file.server.deps, { id: 'org-a', name: 'Alfa Makelaars', slug: 'alfa' })
  await createOrganisation(file.server.deps, { id: 'org-b', name: 'Bravo Wonen', slug: 'bravo' })
  await createOrganisation(file.server.deps, {
    id: 'org-c',
    name: 'Charlie Vastgoed',
    slug: 'charlie',
  })
  await createAccount('org-a', person.email, person.password)
  await createAccount('org-b', person.email, person.password, 'ADMIN')
  // Same address, another password: never offered.
  await createAccount('org-c', person.email, 'een ander wachtwoord')
  await createSellerSignIn('org-a', seller.email, seller.password)
  await createSellerSignIn('org-b', seller.email, seller.password)
})

async function offeredOrganisations(page: Page) {
  const choice = page.getByRole('region', { name: 'Kies je organisatie' })
  await choice.waitFor()
  return choice.getByRole('listitem').allTextContents()
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`central login page (${size}): the person picks Bravo Wonen and is signed in there`, async () => {
    const page = await openPage(viewport)
    await page.goto('/login')
    await page.getByLabel('Email').fill(person.email)
    await page.getByLabel('Password', { exact: true }).fill(person.password)
    await page.getByRole('button', { name: 'Log In' }).click()
    expect(await offeredOrganisations(page)).toEqual(['Alfa Makelaars', 'Bravo Wonen'])
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'login-organisation-choice')

    await page.getByRole('button', { name: 'Bravo Wonen' }).click()
    await waitForShell(page)
    const user = await callFromPage<{ organizationId: string; role: string }>(
      page,
      'GET',
      '/api/auth/user',
    )
    expect(user.json).toMatchObject({ organizationId: 'org-b', role: 'ADMIN' })
  })

  test(`Gold Estates login (${size}): the seller picks Alfa Makelaars`, async () => {
    const page = await openPage(viewport)
    await page.goto(`${SALES_BASE}/login`)
    await page.getByLabel('E-mailadres').fill(seller.email)
    await page.getByLabel('Wachtwoord', { exact: true }).fill(seller.password)
    await page.getByRole('button', { name: 'Inloggen' }).click()
    expect(await offeredOrganisations(page)).toEqual(['Alfa Makelaars', 'Bravo Wonen'])
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'sales-login-organisation-choice')

    await page.getByRole('button', { name: 'Alfa Makelaars' }).click()
    await waitForToast(page, 'Welkom terug!')
    await page.waitForURL(`**${SALES_BASE}/dashboard`)
    const user = await callFromPage<{ organizationId: string; role: string }>(
      page,
      'GET',
      '/api/gold-estates/auth/user',
    )
    expect(user.json).toMatchObject({ organizationId: 'org-a', role: 'SELLER' })
    // The header says which organisation this is.
    await page.getByRole('banner').getByText('Organisatie: Alfa Makelaars').waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'sales-header-organisation', { fullPage: false })
  })
}

test('the landing page dialog offers the same choice, and Terug returns to the form', async () => {
  const page = await openPage(DESKTOP)
  await page.goto('/')
  await page.getByRole('button', { name: 'Inloggen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in to your account' })
  await dialog.getByLabel('Email').fill(person.email)
  await dialog.getByLabel('Password', { exact: true }).fill(person.password)
  await dialog.getByRole('button', { name: 'Log In' }).click()
  expect(await offeredOrganisations(page)).toEqual(['Alfa Makelaars', 'Bravo Wonen'])
  await screenshot(page, 'login-dialog-organisation-choice', { fullPage: false })
  await dialog.getByRole('button', { name: 'Terug' }).click()
  await dialog.getByRole('button', { name: 'Log In' }).waitFor()
  expect((await callFromPage(page, 'GET', '/api/auth/user')).status).toBe(401)
})
