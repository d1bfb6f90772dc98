import { beforeAll, expect, test } from 'vitest'
import { addSellers, signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { firstMailTo } from '../support/mail-server.ts'
import { setUpMailFile, tokenLinkIn } from './mail-helpers.ts'
import { DESKTOP, hasHorizontalOverflow, PHONE, screenshot } from './page-helpers.ts'

// A SELLER changes their own address on Gold Estates' Instellingen and confirms it through
// the link mailed to the new one, which opens in Gold Estates (decision 037). A real SMTP
// server on loopback receives the mail.

const file = setUpMailFile({ pageTimeout: 20_000 })
const seller = { email: 'sanne@example.com', password: 'sanne@example.com password' }

beforeAll(async () => {
  const admin = await signInFirstSuperadminWithGoldEstates(file.server)
  const team = await addSellers(file.server, admin, { sanne: 'Sanne Verkoper' }, file.receiver)
  await team.signIn('sanne', 'SELLER')
})

const { openPage } = file

const receive = (address: string) => firstMailTo(file.receiver, address)

test('a SELLER changes their address on Gold Estates’ Instellingen through the mailed link', async () => {
  const page = await openPage(DESKTOP)
  await page.goto('/gold-estates/login')
  await page.getByRole('heading', { name: 'Sales Management Portal' }).waitFor()
  await page.getByLabel('E-mailadres').fill(seller.email)
  await page.getByLabel('Wachtwoord', { exact: true }).fill(seller.password)
  await page.getByRole('button', { name: 'Inloggen' }).click()
  await page.waitForURL('**/gold-estates/dashboard')
  await page.goto('/gold-estates/settings')
  await page.getByRole('heading', { name: 'E-mailadres' }).waitFor()
  await page.getByText(`Huidig adres: ${seller.email}`).waitFor()
  await page.getByLabel('Nieuw e-mailadres').fill('sanne.nieuw@example.com')
  await page.getByLabel('Huidig wachtwoord').fill(seller.password)
  await page.getByRole('button', { name: 'Wijzig e-mailadres' }).click()
  await page
    .getByText('Bevestig je nieuwe adres: we stuurden een e-mail naar sanne.nieuw@example.com.')
    .waitFor()
  await page.getByText(`Huidig adres: ${seller.email}`).waitFor()
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'sales-settings-address-change-waiting')
  const phoneSettings = await openPage(PHONE)
  await phoneSettings.context().addCookies(await page.context().cookies())
  await phoneSettings.goto('/gold-estates/settings')
  await phoneSettings.getByRole('heading', { name: 'E-mailadres' }).waitFor()
  await phoneSettings.getByText('Wacht op bevestiging').waitFor()
  expect(await hasHorizontalOverflow(phoneSettings)).toBe(false)
  await screenshot(phoneSettings, 'sales-settings-address-change-waiting')

  const mail = await receive('sanne.nieuw@example.com')
  await receive(seller.email)
  const link = tokenLinkIn(mail, 'confirm-email', `${file.server.url}/gold-estates`)

  // Opened on a phone that is not signed in.
  const phone = await openPage(PHONE)
  await phone.goto(link)
  await phone.getByRole('heading', { name: 'Nieuw e-mailadres bevestigen' }).waitFor()
  await screenshot(phone, 'sales-confirm-email')
  await phone.getByRole('button', { name: 'Nieuw adres bevestigen' }).click()
  await phone
    .getByRole('status')
    .filter({ hasText: 'Je e-mailadres is gewijzigd naar sanne.nieuw@example.com.' })
    .waitFor()
  await phone.getByRole('link', { name: 'Verder naar Gold Estates' }).waitFor()
  expect(await hasHorizontalOverflow(phone)).toBe(false)
  await screenshot(phone, 'sales-confirm-email-done')

  await page.reload()
  await page.getByText('Huidig adres: sanne.nieuw@example.com').waitFor()
  await screenshot(page, 'sales-settings-address-changed')
}, 120_000)
