import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getMonthStart } from '#schema/dashboard-stats'
import { describeBuild } from '#server/describe-build'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { signIn as signInByApi } from '../support/accounts.ts'
import { createClient } from '../support/http.ts'
import type { TestOidcProvider } from '../support/oidc-provider.ts'
import { startServerWithOidc } from '../support/oidc-server.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import type { TestServer } from '../support/test-server.ts'
import { setUpBrowserFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  newAppContext,
  newAppPage,
  openSignedIn,
  PHONE,
  screenshot,
  waitForToast,
} from './page-helpers.ts'

// Issue 45, point 2, as a person sees it: the Groei card counts, the setup link greets by
// role, a sign-in shows as "Laatst actief", an activity's badge names what it is about,
// Systeem names the running build, and the login shows SSO only where it is configured.
// (The wizard's review notice: sale-review.test.ts.)

const file = setUpBrowserFile()
const DAY = 24 * 60 * 60 * 1000

/** A fresh device (its own local database), signed in as the root, on `path`. */
async function openAsRoot(viewport: { width: number; height: number }, path = '/') {
  const context = await newAppContext(file.browser, file.server.url, viewport, {
    timeout: 15_000,
    serviceWorker: false,
  })
  const page = await context.newPage()
  await openSignedIn(page, file.root, path)
  return page
}

function growthCard(page: Page) {
  return page.getByRole('region', { name: 'Groei', exact: true })
}

test('the Groei card: "—" without a last month, then the users\' real growth, from the local data', async () => {
  // A new organisation: everyone joined this month.
  const first = await openAsRoot(PHONE)
  await growthCard(first).getByText('—', { exact: true }).waitFor()
  expect(await growthCard(first).textContent()).toContain(
    'Gebruikers: geen vorige maand om mee te vergelijken',
  )
  await screenshot(first, 'dashboard-growth-none', { fullPage: false })
  await first.context().close()

  // Two of three users were there before this month began.
  await file.invite('mila', 'USER', 'Mila Medewerker')
  const db = openOrganisationFile(file.server.dataDir, file.organisationId)
  db.prepare('update users set created_at = ? where email in (?, ?)').run(
    getMonthStart(Date.now()) - 5 * DAY,
    file.root.email,
    file.email('mila'),
  )
  db.close()
  await file.invite('noor', 'USER', 'Noor Nieuw')

  for (const viewport of [PHONE, DESKTOP]) {
    const page = await openAsRoot(viewport)
    await growthCard(page).getByText('+50%', { exact: true }).waitFor()
    // Counted by this device itself: the server's figures are not asked again.
    await page.route('**/api/stats', (route) => route.abort())
    await page.reload()
    await growthCard(page).getByText('+50%', { exact: true }).waitFor()
    expect(await growthCard(page).textContent()).toContain('Gebruikers deze maand (2 → 3)')
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'dashboard-growth', { fullPage: false })
    await page.context().close()
  }
})

test("a setup link greets an ADMIN as Admin, the first SUPERADMIN with the specification's words", async () => {
  const page = await newAppPage(file.browser, file.server.url, PHONE, { serviceWorker: false })
  for (const [role, greeting] of [
    ['ADMIN', 'Je account is klaar. Je rol: Admin.'],
    ['SUPERADMIN', 'Je SUPERADMIN account is aangemaakt'],
  ] as const) {
    const { token } = await inviteWithSetupLink(file.server.deps, {
      email: file.email(`setup-${role.toLowerCase()}`),
      role,
      name: `Setup ${role}`,
      org: file.organisationId,
    })
    await page.goto(`/setup/${token}`)
    await page.getByLabel('Wachtwoord', { exact: true }).fill('lang genoeg 123')
    await page.getByLabel('Bevestig wachtwoord').fill('lang genoeg 123')
    await page.getByRole('button', { name: 'Wachtwoord instellen' }).click()
    expect(await waitForToast(page, 'Setup voltooid!')).toBe(`Setup voltooid! ${greeting}`)
    if (role === 'ADMIN') await screenshot(page, 'setup-done-admin', { fullPage: false })
  }
  await page.context().close()
})

test('Gebruikers: a sign-in elsewhere turns "Nooit" into "zojuist" on the open list', async () => {
  const { token } = await inviteWithSetupLink(file.server.deps, {
    email: file.email('sanne'),
    role: 'USER',
    name: 'Sanne Stil',
    org: file.organisationId,
  })
  const password = 'sanne password'
  await createClient(file.server.url).post(`/api/auth/setup/${token}`, { password })
  const page = await openAsRoot(PHONE, '/users')
  const card = page.getByRole('list', { name: 'Gebruikers' }).getByRole('listitem').filter({
    hasText: 'Sanne Stil',
  })
  await card.getByText('Laatst actief: Nooit').waitFor()
  await signInByApi(file.server, { email: file.email('sanne'), password })
  await card.getByText('Laatst actief: zojuist').waitFor()
  await page.context().close()
})

test('Instellingen → Systeem names the running build, and keeps the changelog', async () => {
  const page = await openAsRoot(DESKTOP, '/settings')
  await page.getByRole('tab', { name: 'Systeem' }).click()
  const system = page.getByRole('region', { name: 'Systeem info' })
  // package.json's version with the commit the build was made from, and the day.
  await system.getByText(/^1\.0\.86\+[0-9a-f]{7,}$/).waitFor()
  expect(await system.textContent()).toContain(describeBuild().date)
  await system.getByRole('region', { name: 'Versie 1.0.86' }).waitFor()
  await page.context().close()
})

test('without single sign-on the login page and the landing dialog show no SSO, nor "Or continue with"', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await newAppPage(file.browser, file.server.url, viewport, {
      serviceWorker: false,
    })
    await page.goto('/login')
    await page.getByRole('button', { name: 'Log In' }).waitFor()
    // The answer to GET /api/auth/sign-in-options has arrived.
    await page.waitForFunction(() => localStorage.getItem('centraal-sso') === 'off')
    expect(await page.getByRole('button', { name: 'Use SSO login' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Continue with/ }).count()).toBe(0)
    expect(await page.getByText('Or continue with').count()).toBe(0)
    // The rest stays as the specification writes it.
    await page.getByText("Don't have an account?").waitFor()
    await page.getByRole('link', { name: 'Forgot password' }).waitFor()
    await screenshot(page, 'login-without-sso')

    await page.goto('/')
    await page.getByRole('button', { name: 'Start Nu' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Log in to your account' })
    await dialog.getByRole('button', { name: 'Log In' }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Use SSO login' }).count()).toBe(0)
    expect(await dialog.getByText('Or continue with').count()).toBe(0)
    await page.context().close()
  }
})

describe('with OIDC_ISSUER set', () => {
  let provider: TestOidcProvider
  let server: TestServer
  beforeAll(async () => {
    ;({ provider, server } = await startServerWithOidc())
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await provider?.close()
  })

  test('with single sign-on the login page shows it and the four providers, which go to the provider', async () => {
    const page = await newAppPage(file.browser, server.url, PHONE, { serviceWorker: false })
    await page.goto('/login')
    await page.getByRole('button', { name: 'Use SSO login' }).waitFor()
    await page.getByText('Or continue with').waitFor()
    for (const name of ['Google', 'GitHub', 'Apple', 'X']) {
      await page.getByRole('button', { name: `Continue with ${name}`, exact: true }).waitFor()
    }
    await screenshot(page, 'login-with-sso')
    // A failed page load at the provider is fine: only where the browser went matters.
    const leaving = page.waitForRequest((request) => request.url().startsWith(provider.issuer))
    await page.getByRole('button', { name: 'Use SSO login' }).click()
    await leaving
    await page.context().close()
  })
})
