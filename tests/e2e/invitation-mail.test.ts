import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ROOT, signInFirstSuperadmin } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { nthMailTo, type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import type { TestServer } from '../support/test-server.ts'
import { closeMailTest, openMailTestPage } from './mail-helpers.ts'
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

let receiver: SmtpReceiver
let server: TestServer
let browser: Browser

const invitee = {
  name: 'Iris Uitgenodigd',
  email: 'iris@example.com',
  password: 'iris wachtwoord 1',
}

beforeAll(async () => {
  ;({ receiver, server } = await startServerWithMail())
  await signInFirstSuperadmin(server)
  browser = await connectBrowser()
})

afterAll(() => closeMailTest({ browser, server, receiver }))

const openPage = (viewport: { width: number; height: number }) =>
  openMailTestPage(browser, server, viewport)

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

  const mail = await nthMailTo(receiver, invitee.email)
  expect(mail.parsed.subject).toBe('Je uitnodiging voor Centraal')
  expect(mail.parsed.html).toContain('Wachtwoord kiezen')
  expect(mail.parsed.text).toContain('Root Admin nodigt je uit')
  const link = mail.parsed.text?.match(/http:\/\/\S+\/setup\/[a-z2-7]+/)?.[0] as string
  expect(link.startsWith(`${server.url}/setup/`)).toBe(true)

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
  for (const viewport of [PHONE, DESKTOP]) {
    const view = await openPage(viewport)
    await view.setContent(mail.parsed.html as string)
    await view.getByRole('link', { name: 'Wachtwoord kiezen' }).waitFor()
    expect(await hasHorizontalOverflow(view)).toBe(false)
    await screenshot(view, 'mail-invitation')
  }
})
