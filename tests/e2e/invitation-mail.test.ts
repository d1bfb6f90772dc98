import { beforeAll, expect, test } from 'vitest'
import { ROOT, signInFirstSuperadmin } from '../support/accounts.ts'
import { nthMailTo } from '../support/mail-server.ts'
import { expectMailFits, setUpMailFile, tokenLinkIn } from './mail-helpers.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  openSignedIn,
  PHONE,
  screenshot,
  submitLogin,
  waitForShell,
} from './page-helpers.ts'

// An administrator invites a colleague on Gebruikers; with a mail server the link goes to
// the colleague's address, never to the administrator's screen (issue 46 §4). The mail
// arrives at a real SMTP server on loopback, and the colleague accepts it in the browser.

const file = setUpMailFile()

const invitee = {
  name: 'Iris Uitgenodigd',
  email: 'iris@example.com',
  password: 'iris wachtwoord 1',
}

beforeAll(async () => {
  await signInFirstSuperadmin(file.server)
})

const { openPage } = file

test('an administrator invites; the mail arrives; the invitee sets a password and is signed in', async () => {
  const admin = await openPage(DESKTOP)
  await openSignedIn(admin, ROOT, '/users')
  await admin.getByRole('button', { name: 'Nieuwe Gebruiker' }).click()
  const form = admin.getByRole('dialog', { name: 'Nieuwe Gebruiker' })
  await form.getByLabel('Naam').fill(invitee.name)
  await form.getByLabel('Email').fill(invitee.email)
  await form.getByRole('button', { name: 'Toevoegen' }).click()

  const sent = admin.getByRole('dialog', { name: 'Uitnodiging' })
  await sent.getByText(`Uitnodiging verstuurd naar ${invitee.email}`).waitFor()
  // The link is the invitee's alone: nothing on the administrator's screen holds it.
  expect(await sent.getByText('/setup/').count()).toBe(0)
  expect(await sent.locator('input').count()).toBe(0)
  await screenshot(admin, 'invitation-sent', { fullPage: false })
  // At once again: throttled, with the reason.
  await sent.getByRole('button', { name: 'Opnieuw versturen' }).click()
  await sent.getByText('Er is net een uitnodiging naar dit adres verstuurd').waitFor()
  await screenshot(admin, 'invitation-resend-throttled', { fullPage: false })

  const mail = await nthMailTo(file.receiver, invitee.email)
  expect(mail.parsed.subject).toBe('Je uitnodiging voor Centraal')
  expect(mail.parsed.html).toContain('Wachtwoord kiezen')
  expect(mail.parsed.text).toContain('Root Admin nodigt je uit')
  const link = tokenLinkIn(mail, 'setup', file.server.url)

  const page = await openPage(PHONE)
  await page.goto(link)
  await page.getByRole('heading', { name: 'Account instellen' }).waitFor()
  await page.getByLabel('Wachtwoord', { exact: true }).fill(invitee.password)
  await page.getByLabel('Bevestig wachtwoord').fill(invitee.password)
  await page.getByRole('button', { name: 'Wachtwoord instellen' }).click()
  await page.getByRole('status').filter({ hasText: 'Je account is klaar' }).first().waitFor()
  await page.waitForURL((url) => url.pathname === '/login')
  await submitLogin(page, invitee)
  await waitForShell(page)
  expect(await hasHorizontalOverflow(page)).toBe(false)

  // The mail as a mail client shows it, on a phone and on a desktop.
  await expectMailFits(file, mail, ['Wachtwoord kiezen'], 'mail-invitation')
})
