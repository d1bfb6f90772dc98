import { beforeAll, expect, test } from 'vitest'
import { ROOT, setUpInvitedAccount, signInFirstSuperadmin } from '../support/accounts.ts'
import { eventually } from '../support/eventually.ts'
import { createClient } from '../support/http.ts'
import { firstMailTo } from '../support/mail-server.ts'
import { expectMailFits, setUpMailFile, tokenLinkIn } from './mail-helpers.ts'
import { DESKTOP, hasHorizontalOverflow, openSignedIn, PHONE, screenshot } from './page-helpers.ts'

// A person changes their own address on Instellingen through the link mailed to the new
// one; an administrator sees "E-mail komt niet aan" beside a user whose address a mail
// server refused, with the server's words on hover and on a tap. A real SMTP server on
// loopback receives (or refuses) the mail.

const person = { email: 'ria@example.com', password: 'oud wachtwoord 1' }
const refusedAddress = 'weg@example.com'

const file = setUpMailFile({ receiver: { refuse: (address) => address === refusedAddress } })

beforeAll(async () => {
  await signInFirstSuperadmin(file.server)
  await setUpInvitedAccount(file.server, { ...person, role: 'USER', name: 'Ria Adres' })
  const refused = { email: refusedAddress, password: 'weg wachtwoord 1' }
  await setUpInvitedAccount(file.server, { ...refused, role: 'USER', name: 'Wim Weg' })
})

const { openPage } = file

const receive = (address: string) => firstMailTo(file.receiver, address)

test('a person changes their own address on Instellingen through the mailed link', async () => {
  const page = await openPage(DESKTOP)
  await openSignedIn(page, person, '/settings')
  await page.getByRole('heading', { name: 'E-mailadres' }).waitFor()
  await page.getByText(`Huidig adres: ${person.email}`).waitFor()
  await page.getByLabel('Nieuw e-mailadres').fill('ria.nieuw@example.com')
  await page.getByLabel('Huidig wachtwoord').fill(person.password)
  await page.getByRole('button', { name: 'Wijzig e-mailadres' }).click()
  await page
    .getByText('Bevestig je nieuwe adres: we stuurden een e-mail naar ria.nieuw@example.com.')
    .waitFor()
  // Meanwhile the old address stays in use.
  await page.getByText(`Huidig adres: ${person.email}`).waitFor()
  await screenshot(page, 'settings-address-change-waiting')

  const mail = await receive('ria.nieuw@example.com')
  await receive(person.email)
  const link = tokenLinkIn(mail, 'confirm-email', file.server.url)

  // Opened on a phone that is not signed in.
  const phone = await openPage(PHONE)
  await phone.goto(link)
  await phone.getByRole('heading', { name: 'Nieuw e-mailadres bevestigen' }).waitFor()
  await phone.getByRole('button', { name: 'Nieuw adres bevestigen' }).click()
  await phone
    .getByRole('status')
    .filter({ hasText: 'Je e-mailadres is gewijzigd naar ria.nieuw@example.com.' })
    .waitFor()
  expect(await hasHorizontalOverflow(phone)).toBe(false)
  await screenshot(phone, 'confirm-email-done')

  // Used again: the page says why it no longer works.
  const again = await openPage(PHONE)
  await again.goto(link)
  await again.getByRole('button', { name: 'Nieuw adres bevestigen' }).click()
  await again.getByRole('alert').filter({ hasText: 'al gebruikt' }).waitFor()
  await screenshot(again, 'confirm-email-used')

  await page.reload()
  await page.getByText('Huidig adres: ria.nieuw@example.com').waitFor()

  await expectMailFits(file, mail, ['Nieuw adres bevestigen'], 'mail-address-change')
})

test('an administrator sees “E-mail komt niet aan” with the server’s words on Gebruikers', async () => {
  const asked = await createClient(file.server.url).post('/api/auth/forgot-password', {
    email: refusedAddress,
  })
  expect(asked.status).toBe(202)
  const root = createClient(file.server.url)
  await root.post('/api/auth/login/email', ROOT)
  await eventually(async () => {
    expect(Object.keys((await root.get('/api/users/mail-bounces')).json)).toHaveLength(1)
  })
  for (const viewport of [DESKTOP, PHONE]) {
    const page = await openPage(viewport)
    await openSignedIn(page, ROOT, '/users')
    const marker = page.getByRole('button', { name: 'E-mail komt niet aan' })
    await marker.waitFor()
    expect(await marker.getAttribute('title')).toMatch(/^550: .*Mailbox unavailable/)
    await marker.click()
    await page.getByText('De mailserver weigerde dit adres').waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'users-mail-bounce', { fullPage: false })
  }
})

test('the administrator and statement mails fit a phone and a desktop', async () => {
  const { renderRegistrationMail, renderBackupFailedMail } = await import(
    '../../server/mail/admin-alert-mails.tsx'
  )
  const { renderStatementMail } = await import('../../server/mail/statement-mail.tsx')
  const { url } = file.server
  const links = { app: url, settings: `${url}/settings` }
  const mails = {
    'mail-registration-waiting': await renderRegistrationMail(links, {
      organisationName: 'Makelaardij Zoë & Co',
      name: 'Samantha van der Berg-Hoogeveen',
      email: 'samantha.vanderberg-hoogeveen@voorbeeld-makelaars.example',
    }),
    'mail-backup-failed': await renderBackupFailedMail(links, {
      organisationName: 'Makelaardij Zoë & Co',
      at: Date.now(),
      error:
        'Upload van centraal-backup-default-org-2026-12-02-1430.json mislukt na 3 pogingen: HTTP 500: Backend Error',
    }),
    'mail-monthly-statement': await renderStatementMail(
      {
        organisationName: 'Makelaardij Zoë & Co',
        sellerName: 'Sanne Setter',
        monthName: 'november 2026',
        currency: 'EUR',
        net: 400_000,
        open: 25_000,
        lineCount: 2,
      },
      `${url}/gold-estates`,
    ),
  }
  for (const [name, mail] of Object.entries(mails)) {
    for (const viewport of [PHONE, DESKTOP]) {
      const view = await openPage(viewport)
      await view.setContent(mail.html)
      await view.getByRole('heading', { level: 1 }).waitFor()
      expect(await hasHorizontalOverflow(view)).toBe(false)
      await screenshot(view, name)
    }
  }
})
