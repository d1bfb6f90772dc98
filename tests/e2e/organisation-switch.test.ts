import type { Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import type { UserRole } from '#schema/roles'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { setUpInvitedAccount } from '../support/accounts.ts'
import { addApp } from './app-helpers.ts'
import { setUpOwnServerFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  PHONE,
  screenshot,
  submitLogin,
  waitForShell,
} from './page-helpers.ts'
import { callFromPage } from './sales-helpers.ts'

// "Where am I": the header (desktop) and the menu sheet (phone) name the organisation, and a
// person whose sign-in proved accounts in several organisations switches from there
// ("Wissel van organisatie") without the password (decision 028).

/**
 * A switch reloads the page into the other organisation and opens its local database: on
 * a loaded CI machine its shell took 12–20 s to show, against 3–6 s alone.
 */
const SWITCH_TIMEOUT_MS = 45_000

// A switch reloads the page and fills the new organisation's database: on a loaded CI
// machine that has taken 12 s, so each step allows 20.
const file = setUpOwnServerFile({ pageTimeout: 20_000 })
const { openPage } = file

const person = { email: 'pat@example.com', password: 'pat wachtwoord' }
const solo = { email: 'solo@example.com', password: 'solo wachtwoord' }

/** A central account of `org` with `password`. */
const createAccount = (org: string, email: string, password: string, role: UserRole = 'USER') =>
  setUpInvitedAccount(file.server, { email, org, password, role, name: 'Pat Tweemaal' })

beforeAll(async () => {
  await createOrganisation(file.server.deps, { id: 'org-a', name: 'Alfa Makelaars', slug: 'alfa' })
  await createOrganisation(file.server.deps, { id: 'org-b', name: 'Bravo Wonen', slug: 'bravo' })
  await createAccount('org-a', person.email, person.password)
  await createAccount('org-b', person.email, person.password, 'ADMIN')
  await createAccount('org-b', solo.email, solo.password)
})

async function signInAs(page: Page, account: typeof person, organisation?: string) {
  await page.goto('/login')
  await submitLogin(page, account)
  if (organisation) await page.getByRole('button', { name: organisation }).click()
  await waitForShell(page)
}

/** Marks the page's document, so that a test sees the switch reload it. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { beforeSwitch: true }))

async function waitForNewDocument(page: Page) {
  await expect
    .poll(() => page.evaluate(() => 'beforeSwitch' in window).catch(() => true), {
      timeout: SWITCH_TIMEOUT_MS,
    })
    .toBe(false)
}

async function signedInOrganisation(page: Page) {
  const user = await callFromPage<{ organizationId: string }>(page, 'GET', '/api/auth/user')
  return user.json.organizationId
}

test('desktop: the header names the organisation and switches to the other one', async () => {
  const page = await openPage(DESKTOP)
  await signInAs(page, person, 'Alfa Makelaars')
  const header = page.getByRole('banner')
  const trigger = header.getByRole('button', {
    name: 'Organisatie: Alfa Makelaars. Wissel van organisatie',
  })
  await trigger.waitFor()
  expect(await trigger.textContent()).toBe('Alfa Makelaars')
  await trigger.click()
  const menu = page.getByRole('menu', { name: 'Wissel van organisatie' })
  await menu.getByRole('menuitem', { name: 'Bravo Wonen' }).waitFor()
  await screenshot(page, 'header-organisation-switch', { fullPage: false })
  await markDocument(page)
  await menu.getByRole('menuitem', { name: 'Bravo Wonen' }).click()
  await waitForNewDocument(page)

  await header
    .getByRole('button', { name: /^Organisatie: Bravo Wonen\./ })
    .waitFor({ timeout: SWITCH_TIMEOUT_MS })
  await waitForShell(page, SWITCH_TIMEOUT_MS)
  expect(await signedInOrganisation(page)).toBe('org-b')
  // The old organisation's local database went, as at a logout: at once, or, when the
  // worker still held it, at the new page's start (databases-to-remove.ts).
  await expect
    .poll(async () => {
      const databases = await page.evaluate(async () =>
        (await indexedDB.databases()).map((database) => database.name ?? ''),
      )
      return databases.filter((name) => name.includes('org-a'))
    })
    .toEqual([])
}, 90_000)

test('phone: the menu sheet names the organisation and switches', async () => {
  const page = await openPage(PHONE)
  await signInAs(page, person, 'Bravo Wonen')
  await page.getByRole('banner').getByRole('button', { name: 'Menu openen' }).click()
  const sheet = page.getByRole('dialog', { name: 'Centraal' })
  const organisation = sheet.getByRole('region', { name: 'Organisatie' })
  await organisation.getByText('Bravo Wonen').waitFor()
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'menu-sheet-organisation-switch', { fullPage: false })
  await markDocument(page)
  await organisation.getByRole('button', { name: 'Alfa Makelaars' }).click()
  await waitForNewDocument(page)
  await waitForShell(page, SWITCH_TIMEOUT_MS)
  expect(await signedInOrganisation(page)).toBe('org-a')
  await page.getByRole('banner').getByRole('button', { name: 'Menu openen' }).click()
  await page
    .getByRole('dialog', { name: 'Centraal' })
    .getByRole('region', { name: 'Organisatie' })
    .getByText('Alfa Makelaars')
    .waitFor()
}, 90_000)

test('a person in one organisation reads its name, with nothing to switch to', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await openPage(viewport)
    await signInAs(page, solo)
    if (viewport === DESKTOP) {
      await page.getByRole('banner').getByText('Organisatie: Bravo Wonen').waitFor()
      await screenshot(page, 'header-organisation', { fullPage: false })
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Menu openen' }).click()
      const organisation = page
        .getByRole('dialog', { name: 'Centraal' })
        .getByRole('region', { name: 'Organisatie' })
      await organisation.getByText('Bravo Wonen').waitFor()
      expect(await organisation.getByText('Wissel van organisatie').count()).toBe(0)
    }
    expect(await page.getByText('Wissel van organisatie').count()).toBe(0)
  }
})

test('unsent work is named before a switch; staying keeps the organisation', async () => {
  const page = await openPage(DESKTOP)
  await signInAs(page, person, 'Bravo Wonen')
  // A change the server never answers: the push is held back.
  await page.context().route('**/api/sync/v1/*/push', (route) => route.abort())
  await page.goto('/apps')
  await addApp(page, {
    name: 'Niet verstuurd',
    url: 'https://niet-verstuurd.example.com',
    description: 'Wacht op de server',
  })
  // Switched at once: the header counts the waiting change only shortly after a write,
  // and the switch must name it all the same (it counts before it asks).
  const question = new Promise<string>((resolve, reject) => {
    const noQuestion = setTimeout(() => reject(new Error('the switch asked nothing')), 20_000)
    page.once('dialog', (asked) => {
      clearTimeout(noQuestion)
      resolve(asked.message())
      void asked.dismiss()
    })
  })
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Organisatie: Bravo/ })
    .click()
  await page.getByRole('menuitem', { name: 'Alfa Makelaars' }).click()
  const message = await question
  expect(message).toContain('Niet verstuurd')
  expect(message).toContain('Wisselen van organisatie verwijdert')
  expect(message).toContain('Toch wisselen?')
  expect(await signedInOrganisation(page)).toBe('org-b')
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Organisatie: Bravo/ })
    .waitFor()
})
