import { expect, test } from 'vitest'
import { SetupTokenCommandSchema } from '#schema/auth'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { setUpOwnServerFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  isTakingScreenshots,
  newAppPage,
  PHONE,
  screenshot,
  submitLogin,
  submitRegistration,
  waitForShell,
  waitForToast,
} from './page-helpers.ts'

// Open registration: the register test signs the new USER in at once
// (approval: registration-approval.test.ts).
const file = setUpOwnServerFile({ settings: { REGISTRATION: 'open' } })
const { openPage } = file

const admin = { name: 'Administrator', email: 'admin@centraal.local', password: 'super geheim 42' }
const member = { name: 'Mila Medewerker', email: 'mila@example.com', password: 'lang genoeg 123' }

test('landing page: product, six features, and every call to action opens the login dialog', async () => {
  const page = await openPage(DESKTOP)
  await page.goto('/')
  await page.getByRole('heading', { level: 1, name: 'Centraal' }).waitFor()
  for (const feature of [
    'Multi-Tenant',
    'Offline-First',
    'Mobile-First',
    'Gebruikersbeheer',
    'App Integraties',
    'Usage Tracking',
  ]) {
    expect(await page.getByRole('heading', { name: feature }).isVisible()).toBe(true)
  }
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
  await screenshot(page, 'landing-dark')

  for (const action of ['Inloggen', 'Gratis proberen', 'Start Nu']) {
    await page.getByRole('button', { name: action }).click()
    const dialog = page.getByRole('dialog', { name: 'Log in to your account' })
    await dialog.waitFor()
    expect(await dialog.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true)
    // No single sign-on configured on this server: no SSO buttons (true-words.test.ts).
    expect(await dialog.getByRole('button', { name: 'Use SSO login' }).count()).toBe(0)
    if (action === 'Start Nu') await screenshot(page, 'landing-login-dialog', { fullPage: false })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  }

  // The phone size by resizing the same browser: the landing's layout follows its width.
  await page.setViewportSize(PHONE)
  await page.getByRole('heading', { level: 1, name: 'Centraal' }).waitFor()
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'landing-dark')
})

test('first setup signs in a SUPERADMIN; logout, then sign in again', async () => {
  const page = await openPage(DESKTOP)
  // 'Start Nu' → the dialog, then on to the first-time setup.
  await page.goto('/')
  await page.getByRole('button', { name: 'Start Nu' }).click()
  await page.getByRole('dialog', { name: 'Log in to your account' }).waitFor()
  await page.goto('/setup')
  expect(await page.getByLabel('Naam').inputValue()).toBe(admin.name)
  expect(await page.getByLabel('Email').inputValue()).toBe(admin.email)
  await screenshot(page, 'setup')

  await page.getByLabel('Wachtwoord', { exact: true }).fill('kort')
  await page.getByLabel('Bevestig wachtwoord').fill('kort')
  await page.getByRole('button', { name: 'Account aanmaken' }).click()
  expect(await waitForToast(page, 'Fout')).toContain('Wachtwoord moet minimaal 8 karakters zijn')

  await page.getByLabel('Wachtwoord', { exact: true }).fill(admin.password)
  await page.getByLabel('Bevestig wachtwoord').fill(admin.password)
  await page.getByRole('button', { name: 'Account aanmaken' }).click()
  await waitForShell(page)
  expect(new URL(page.url()).pathname).toBe('/')
  const header = page.getByRole('banner')
  expect(await header.getByText(admin.name, { exact: true }).isVisible()).toBe(true)
  expect(await header.getByText('Superadmin', { exact: true }).isVisible()).toBe(true)
  await page.getByText('een gecentraliseerd beheersysteem').waitFor()
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'shell-dark')

  // The sidebar: the current page is marked, Instellingen shows the version.
  const sidebar = page.getByRole('complementary', { name: 'Zijbalk' })
  const dashboardLink = sidebar.getByRole('link', { name: 'Dashboard' })
  expect(await dashboardLink.getAttribute('aria-current')).toBe('page')
  await sidebar.getByRole('link', { name: 'Instellingen' }).click()
  await page.getByRole('heading', { level: 1, name: 'Instellingen' }).waitFor()
  expect(await page.getByText(/^1\.0\.86\+[0-9a-f]{7,}$/).isVisible()).toBe(true)
  expect(
    await sidebar.getByRole('link', { name: 'Instellingen' }).getAttribute('aria-current'),
  ).toBe('page')

  // Ctrl+B collapses to icons and the choice is kept in the sidebar_state cookie.
  await page.keyboard.press('Control+b')
  await page.waitForFunction(
    () => document.getElementById('app-sidebar')?.getBoundingClientRect().width === 48,
  )
  const cookies = await page.context().cookies()
  expect(cookies.find((cookie) => cookie.name === 'sidebar_state')?.value).toBe('false')
  await sidebar.getByRole('link', { name: 'Apps' }).hover()
  await page.getByRole('tooltip', { name: 'Apps' }).waitFor()
  await screenshot(page, 'shell-collapsed', { fullPage: false })
  await page.getByRole('button', { name: 'Zijbalk uitklappen' }).click()
  await page.waitForFunction(
    () => document.getElementById('app-sidebar')?.getBoundingClientRect().width === 256,
  )

  // Light theme: applied, remembered, and still there after a reload.
  await dashboardLink.click()
  await page.getByText('een gecentraliseerd beheersysteem').waitFor()
  await page.getByRole('button', { name: 'Licht thema' }).click()
  await page.reload()
  await waitForShell(page)
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)
  await screenshot(page, 'shell-light')
  await page.goto('/bestaat-niet')
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
  // Help and terms open signed in too (their code loads when opened).
  await page.goto('/help')
  await page.getByRole('heading', { level: 1, name: 'Hulp bij inloggen' }).waitFor()
  await page.goto('/terms')
  await page.getByRole('heading', { level: 1, name: 'Voorwaarden' }).waitFor()
  await page.goto('/')
  await waitForShell(page)

  // Logout clears cached data but keeps the theme, and ends on the landing page.
  await page.evaluate(() => {
    localStorage.setItem('cached-users', '[]')
    sessionStorage.setItem('draft', 'x')
  })
  await page.getByRole('button', { name: 'Uitloggen' }).click()
  await page.getByRole('heading', { level: 1, name: 'Centraal' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/')
  expect(await page.evaluate(() => localStorage.getItem('cached-users'))).toBeNull()
  expect(await page.evaluate(() => sessionStorage.getItem('draft'))).toBeNull()
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')

  // A wrong password keeps the form and says why; the right one opens the shell.
  await page.goto('/login')
  await submitLogin(page, { email: admin.email, password: 'helemaal fout' })
  expect(await waitForToast(page, 'Login mislukt')).toMatch(/Login mislukt \S/)
  expect(new URL(page.url()).pathname).toBe('/login')
  await page.getByLabel('Password', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await waitForShell(page)
  await waitForToast(page, 'Login geslaagd')
  expect(new URL(page.url()).pathname).toBe('/')
  expect(await page.getByRole('banner').getByText('Superadmin').isVisible()).toBe(true)
}, 60_000)

test('simple setup a second time says the account exists and goes to /login', async () => {
  const page = await openPage(PHONE)
  await page.goto('/setup')
  await page.getByLabel('Wachtwoord', { exact: true }).fill(admin.password)
  await page.getByLabel('Bevestig wachtwoord').fill(admin.password)
  await page.getByRole('button', { name: 'Account aanmaken' }).click()
  expect(await waitForToast(page, 'Email Bestaat Al')).toContain(
    'Dit email heeft al een account. Ga naar Login pagina.',
  )
  await page.waitForURL('**/login', { timeout: 5000 })
  await page.getByRole('heading', { name: 'Log in to your account' }).waitFor()
})

test('register: validation toasts, success, then the new USER signs in', async () => {
  const page = await openPage(PHONE)
  await page.goto('/register')
  await page.getByRole('heading', { name: 'Registreren' }).waitFor()
  expect(await page.getByLabel('Wachtwoord', { exact: true }).getAttribute('placeholder')).toBe(
    'Minimaal 8 karakters',
  )
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'register')

  await submitRegistration(page, { ...member, password: 'kort' })
  expect(await waitForToast(page, 'Wachtwoord te kort')).toContain(
    'Wachtwoord moet minimaal 8 karakters zijn',
  )

  await page.getByLabel('Wachtwoord', { exact: true }).fill(member.password)
  await page.getByLabel('Bevestig wachtwoord').fill(`${member.password}!`)
  await page.getByRole('button', { name: 'Registreren' }).click()
  expect(await waitForToast(page, 'Wachtwoorden komen niet overeen')).toContain(
    'Controleer je wachtwoord',
  )
  await screenshot(page, 'register-toast')

  await page.getByLabel('Bevestig wachtwoord').fill(member.password)
  await page.getByRole('button', { name: 'Registreren' }).click()
  expect(await waitForToast(page, 'Registratie ontvangen')).toContain('Registratie geslaagd')
  await page.waitForURL('**/login', { timeout: 5000 })
  await screenshot(page, 'login')

  // The same e-mail again gets the same answer: the page never tells that an address has an
  // account (issue 47 §2); nothing changes.
  await page.getByRole('link', { name: 'Sign up' }).click()
  await page.getByRole('heading', { name: 'Registreren' }).waitFor()
  await submitRegistration(page, member)
  expect(await waitForToast(page, 'Registratie ontvangen')).toContain('Registratie geslaagd')

  // To the login through the registration's own link.
  await page.getByRole('link', { name: 'Log hier in' }).click()
  await page.getByRole('heading', { name: 'Log in to your account' }).waitFor()
  await submitLogin(page, member)
  await waitForShell(page)
  expect(await hasHorizontalOverflow(page)).toBe(false)
  const bottomBar = page.getByRole('navigation', { name: 'Snelmenu' })
  for (const label of ['Home', 'Users', 'Apps', 'Activity', 'Settings']) {
    expect(await bottomBar.getByRole('link', { name: label }).isVisible()).toBe(true)
  }
  await screenshot(page, 'shell-dark')

  // The menu button opens the sidebar as a sheet; choosing an entry closes it.
  await page.getByRole('button', { name: 'Menu openen' }).click()
  const sheet = page.getByRole('dialog', { name: 'Centraal' })
  await sheet.waitFor()
  await screenshot(page, 'shell-sheet', { fullPage: false })
  await sheet.getByRole('link', { name: 'Gebruikers' }).click()
  await sheet.waitFor({ state: 'detached' })
  await page.getByText('Beheer alle gebruikers in je organisatie').waitFor()

  await page.getByRole('button', { name: 'Licht thema' }).click()
  await screenshot(page, 'shell-light')

  // On a large screen the header shows the name and the role badge.
  await page.setViewportSize(DESKTOP)
  const header = page.getByRole('banner')
  await header.getByText(member.name, { exact: true }).waitFor()
  expect(await header.getByText('Gebruiker', { exact: true }).isVisible()).toBe(true)
})

test('login page: an SSO link without configuration explains itself; light theme screenshots', async () => {
  // A browser whose person chose the light theme before.
  const page = await newAppPage(file.browser, file.server.url, DESKTOP, {
    timeout: 8000,
    theme: 'light',
    serviceWorker: false,
  })
  await page.goto('/login')
  await screenshot(page, 'login')
  // No button leads there any more; an old bookmark of /api/login still may.
  await page.goto('/api/login')
  await page.waitForURL(/\/login\?error=/)
  const alert = page.getByRole('alert').filter({ hasText: 'SSO' })
  await alert.waitFor()
  expect(await alert.textContent()).toContain('not configured')
  await screenshot(page, 'login-sso-error-light')

  // The information pages through the public pages' own links.
  const openByLink = async (link: string, title: string) => {
    await page.getByRole('link', { name: link, exact: true }).click()
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
  }
  await openByLink('Forgot password', 'Wachtwoord vergeten')
  await screenshot(page, 'forgot-password')
  await openByLink('Terug naar inloggen', 'Log in to your account')
  await openByLink('Get help', 'Hulp bij inloggen')
  await screenshot(page, 'help')
  if (isTakingScreenshots) {
    // Pictures only: each of these screens has its own test in this file.
    await openByLink('setup', 'Centraal instellen')
    await screenshot(page, 'setup-light')
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'Hulp bij inloggen' }).waitFor()
  }
  await openByLink('Registreer', 'Registreren')
  await screenshot(page, 'register-light')
  await openByLink('voorwaarden', 'Voorwaarden')
  await screenshot(page, 'terms')
  if (isTakingScreenshots) {
    await page.getByRole('link', { name: 'Centraal', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Centraal' }).waitFor()
    await screenshot(page, 'landing-light')
  }

  // Paths that are not public show the login screen; /setup/ without a token goes home.
  await page.goto('/users')
  await page.getByRole('heading', { name: 'Log in to your account' }).waitFor()
  await page.goto('/setup/')
  await page.waitForURL((url) => url.pathname === '/')
})

test('setup link with a bad token: the form stays and the server says why', async () => {
  const page = await openPage(PHONE)
  await page.goto('/setup/aaaaaaaaaaaaaaaaaaaaaaaa')
  await page.getByLabel('Wachtwoord', { exact: true }).fill('kort')
  await page.getByLabel('Bevestig wachtwoord').fill('kort')
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click()
  await waitForToast(page, 'Wachtwoord te kort')
  await page.getByLabel('Wachtwoord', { exact: true }).fill('een goed wachtwoord')
  await page.getByLabel('Bevestig wachtwoord').fill('een goed wachtwoord')
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click()
  expect(await waitForToast(page, 'Setup mislukt')).toMatch(/Setup mislukt \S/)
  expect(await page.getByRole('button', { name: 'Wachtwoord instellen' }).isEnabled()).toBe(true)
})

test('setup link: the invited user sets a password, sees the done screen, then signs in', async () => {
  const invited = { email: 'invite@example.com', password: 'uitgenodigd 2025' }
  // Invited as `npm run setup-token -- --email … --name …` invites: the same service with the
  // command's defaults, in this process (the command itself: tests/api/auth.test.ts).
  const { token } = await inviteWithSetupLink(
    file.server.deps,
    SetupTokenCommandSchema.parse({ email: invited.email, name: 'Ivo Uitgenodigd' }),
  )
  const page = await openPage(PHONE)
  await page.goto(`/setup/${token}`)
  await screenshot(page, 'token-setup')
  await page.getByLabel('Wachtwoord', { exact: true }).fill(invited.password)
  await page.getByLabel('Bevestig wachtwoord').fill(invited.password)
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click()
  await page.getByRole('heading', { name: 'Setup voltooid!' }).waitFor()
  // A USER (the command's default role) reads their own role, not SUPERADMIN.
  expect(await waitForToast(page, 'Setup voltooid!')).toBe(
    'Setup voltooid! Je account is klaar. Je rol: Gebruiker.',
  )
  await screenshot(page, 'token-setup-done')
  await page.waitForURL('**/login', { timeout: 5000 })
  await submitLogin(page, invited)
  await waitForShell(page)
})
