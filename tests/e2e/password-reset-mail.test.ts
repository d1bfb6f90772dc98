import { beforeAll, expect, test } from 'vitest'
import { ROOT, setUpInvitedAccount, signInFirstSuperadmin } from '../support/accounts.ts'
import { eventually } from '../support/eventually.ts'
import { createClient } from '../support/http.ts'
import { firstMailTo } from '../support/mail-server.ts'
import { startTestServer } from '../support/test-server.ts'
import { expectMailFits, openMailTestPage, setUpMailFile, tokenLinkIn } from './mail-helpers.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  openSignedIn,
  PHONE,
  screenshot,
  submitLogin,
  waitForShell,
} from './page-helpers.ts'

// A person who forgot their password resets it from the login page through the mail a
// real SMTP server on loopback received; the mail itself is looked at on a phone and a
// desktop.

const file = setUpMailFile()

const person = { email: 'ria@example.com', password: 'oud wachtwoord 1' }

beforeAll(async () => {
  await signInFirstSuperadmin(file.server)
  await setUpInvitedAccount(file.server, { ...person, role: 'USER', name: 'Ria Reset' })
})

const { openPage } = file

test('a forgotten password is reset from the login page through the received mail', async () => {
  const page = await openPage(DESKTOP)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password' }).click()
  await page.getByRole('heading', { name: 'Wachtwoord vergeten' }).waitFor()
  await page.getByLabel('E-mailadres').fill(person.email)
  await page.getByRole('button', { name: 'Stuur herstellink' }).click()
  await page
    .getByRole('status')
    .filter({
      hasText: 'Als er een account met dit adres is, ontvang je binnen enkele minuten een e-mail.',
    })
    .waitFor()
  await screenshot(page, 'forgot-password-sent')

  const mail = await firstMailTo(file.receiver, person.email)
  const link = tokenLinkIn(mail, 'reset-password', file.server.url)

  await page.goto(link)
  await page.getByRole('heading', { name: 'Nieuw wachtwoord kiezen' }).waitFor()
  await page.getByLabel('Wachtwoord', { exact: true }).fill('nieuw wachtwoord 2')
  await page.getByLabel('Bevestig wachtwoord').fill('nieuw wachtwoord 2')
  await screenshot(page, 'reset-password')
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click()
  await page.getByRole('status').filter({ hasText: 'Je nieuwe wachtwoord is ingesteld' }).waitFor()
  await page.waitForURL((url) => url.pathname === '/login')
  await submitLogin(page, { email: person.email, password: 'nieuw wachtwoord 2' })
  await waitForShell(page)

  // The link works once: opened again, the page says why it no longer does.
  const again = await openPage(PHONE)
  await again.goto(link)
  await again.getByLabel('Wachtwoord', { exact: true }).fill('derde wachtwoord 3')
  await again.getByLabel('Bevestig wachtwoord').fill('derde wachtwoord 3')
  await again.getByRole('button', { name: 'Wachtwoord wijzigen' }).click()
  await again.getByRole('alert').filter({ hasText: 'Deze herstellink is al gebruikt.' }).waitFor()
  expect(await hasHorizontalOverflow(again)).toBe(false)
  await screenshot(again, 'reset-password-used')

  // The mail as it looks in a mail client on a phone and on a desktop.
  await expectMailFits(file, mail, ['Nieuw wachtwoord kiezen'], 'mail-password-reset')
})

test('the platform SUPERADMIN sees the mail server and the sent mail on Instellingen → E-mail', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await openPage(viewport)
    await openSignedIn(page, ROOT, '/settings?tab=e-mail')
    await page.getByRole('heading', { name: 'Uitgaande e-mail' }).waitFor()
    await page.getByText(`127.0.0.1:${file.receiver.port}`).waitFor()
    await page.getByText(person.email).first().waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'settings-outbox')
  }
})

test('without a mail server the SUPERADMIN opens the kept mail and its link works', async () => {
  const laptop = await startTestServer()
  try {
    await signInFirstSuperadmin(laptop)
    const asked = await createClient(laptop.url).post('/api/auth/forgot-password', {
      email: ROOT.email,
    })
    expect(asked.status).toBe(202)
    const page = await openMailTestPage(file.browser, laptop, DESKTOP)
    await openSignedIn(page, ROOT, '/settings?tab=e-mail')
    await page.getByText('Geen mailserver ingesteld').waitFor()
    await eventually(async () => {
      await page.reload()
      await page.getByText('Bewaard', { exact: true }).waitFor({ timeout: 2000 })
    })
    await page.getByText('Bekijk e-mail').click()
    const frame = page.frameLocator('iframe[title^="E-mail aan"]')
    await frame.getByRole('link', { name: 'Nieuw wachtwoord kiezen' }).waitFor()
    const text = (await page.locator('pre').textContent()) ?? ''
    const link = text.match(/http:\/\/\S+\/reset-password\/[a-z2-7]+/)?.[0] as string
    expect(link).toBeTruthy()
    await screenshot(page, 'settings-outbox-kept')
    // The link, passed on by hand, works.
    const reset = await createClient(laptop.url).post(
      `/api/auth/reset-password/${link.split('/').at(-1)}`,
      { password: 'laptop wachtwoord 2' },
    )
    expect(reset.status).toBe(200)
  } finally {
    await laptop.close()
  }
})
