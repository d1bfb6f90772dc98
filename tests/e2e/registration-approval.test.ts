import type { Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { createClient } from '../support/http.ts'
import { startTestServer } from '../support/test-server.ts'
import { setUpOwnServerFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  newAppPage,
  PHONE,
  screenshot,
  signIn,
  submitLogin,
  submitRegistration,
  waitForShell,
  waitForToast,
} from './page-helpers.ts'

// REGISTRATION=approval (the default): a stranger registers, is refused at sign-in with the
// reason, an administrator approves them on Gebruikers, and then they sign in.

const file = setUpOwnServerFile()
const { openPage } = file

const admin = { name: 'Administrator', email: 'admin@centraal.local', password: 'super geheim 42' }
const newcomer = { name: 'Nina Nieuw', email: 'nina@example.com', password: 'nina wachtwoord' }
const other = { name: 'Otto Onbekend', email: 'otto@example.com', password: 'otto wachtwoord' }

beforeAll(async () => {
  const setup = await fetch(`${file.server.url}/api/auth/simple-setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  expect(setup.status).toBe(201)
})

async function register(page: Page, person: typeof newcomer) {
  await page.goto('/register')
  await page.getByText('keurt een beheerder je account goed').waitFor()
  await submitRegistration(page, person)
  expect(await waitForToast(page, 'Registratie ontvangen')).toContain('goedkeuren')
  await page.waitForURL('**/login', { timeout: 5000 })
}

/** Sends the login form, which may refuse (the test reads what it says). */
async function logIn(page: Page, person: { email: string; password: string }) {
  await page.goto('/login')
  await submitLogin(page, person)
}

test('register, refused until approved on Gebruikers, then signed in', async () => {
  const visitor = await openPage(PHONE)
  await register(visitor, newcomer)
  await logIn(visitor, newcomer)
  expect(await waitForToast(visitor, 'Login mislukt')).toContain(
    'Je account wacht op goedkeuring door een beheerder.',
  )
  expect(new URL(visitor.url()).pathname).toBe('/login')
  // A second stranger registers too (through the API: the screen was shown above).
  const registered = await createClient(file.server.url).post('/api/auth/register/email', {
    ...other,
    organizationId: 'default-org',
  })
  expect(registered.status).toBe(201)

  // The administrator (signed in through the API: the login screen is not the subject).
  const page = await openPage(DESKTOP)
  await signIn(page.context(), admin)
  await page.goto('/')
  await waitForShell(page)
  // The Dashboard's feed says someone registered.
  await page.getByText('Nieuwe registratie wacht op goedkeuring').first().waitFor()
  await page.getByRole('link', { name: 'Gebruikers' }).first().click()
  const card = page.getByRole('region', { name: 'Wachten op goedkeuring' })
  await card.waitFor()
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    expect(await card.getByText(newcomer.email).isVisible()).toBe(true)
    expect(await card.getByText(other.email).isVisible()).toBe(true)
    // The page reflows after the resize on its next frames, later on a loaded machine.
    await expect.poll(() => hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'users-waiting-registrations')
  }
  await page.setViewportSize(DESKTOP)
  await page.getByRole('button', { name: `${newcomer.name} goedkeuren` }).click()
  expect(await waitForToast(page, 'Registratie goedgekeurd')).toContain(newcomer.name)
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: `${other.name} afwijzen` }).click()
  await waitForToast(page, 'Registratie afgewezen')
  await card.waitFor({ state: 'detached' })

  await logIn(visitor, newcomer)
  await waitForShell(visitor)
  expect(new URL(visitor.url()).pathname).toBe('/')
  // The refused registration is gone: that address cannot sign in.
  const refused = await openPage(PHONE)
  await logIn(refused, other)
  expect(await waitForToast(refused, 'Login mislukt')).toContain('Ongeldige inloggegevens')
}, 90_000)

test('with registration closed, /register says so and shows no form', async () => {
  const closed = await startTestServer({ REGISTRATION: 'closed' })
  try {
    const page = await newAppPage(file.browser, closed.url, PHONE, { serviceWorker: false })
    await page.goto('/register')
    await page.getByText('Registreren is uitgeschakeld').waitFor()
    expect(await page.getByRole('button', { name: 'Registreren' }).count()).toBe(0)
    await screenshot(page, 'register-closed')
    await page.context().close()
  } finally {
    await closed.close()
  }
})
