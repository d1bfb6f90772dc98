import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { addSellers, signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { eventually } from '../support/eventually.ts'
import type { Client } from '../support/http.ts'
import { firstMailTo, type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import { buildSalePayload, postSale } from '../support/sales.ts'
import type { TestServer } from '../support/test-server.ts'
import { closeMailTest } from './mail-helpers.ts'
import {
  closeToast,
  DESKTOP,
  hasHorizontalOverflow,
  newAppPage,
  PHONE,
  screenshot,
  signIn,
  waitForToast,
} from './page-helpers.ts'
import { waitForSalesScreen } from './sales-helpers.ts'

// A SELLER's notification mail as a person meets it: the mail itself on a phone and a
// desktop, its link opening the sale in Gold Estates, and the switch it links to, turned
// off on Instellingen, stopping the next one.

let receiver: SmtpReceiver
let server: TestServer
let browser: Browser
let sanneApi: Client
let projectId: string
let sanneId: string
const sanne = { email: 'sanne@example.com', password: 'sanne@example.com password' }

beforeAll(async () => {
  ;({ receiver, server } = await startServerWithMail())
  const admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = (await admin.post('/api/gold-estates/projects', { name: 'Havenkwartier' })).json.id
  const team = await addSellers(server, admin, { sanne: 'Sanne Jansen' }, receiver)
  sanneId = team.ids.sanne
  sanneApi = await team.signIn('sanne', 'SELLER')
  browser = await connectBrowser()
}, 60_000)

afterAll(() => closeMailTest({ browser, server, receiver }))

/** Sanne registers a sale of 60 % to herself: held "Ter beoordeling". */
const registerHeld = (clientName: string) =>
  postSale(
    server,
    sanneApi,
    buildSalePayload({
      projectId,
      clientName,
      salePrice: 45_000_000,
      lines: [{ sellerId: sanneId, percentage: 60 }],
    }),
  )

function lastReviewRow() {
  const db = new Database(path.join(server.dataDir, 'orgs', 'default-org.sqlite'), {
    readonly: true,
  })
  try {
    return db
      .prepare(
        "select status from notification_outbox where kind = 'sale-review-pending' order by created_at desc limit 1",
      )
      .get() as { status: string } | undefined
  } finally {
    db.close()
  }
}

test("a SELLER's mail opens the sale; the switch it links to stops the next one", async () => {
  const held = await registerHeld('Familie Mail')
  const mail = await firstMailTo(receiver, sanne.email)
  expect(mail.parsed.subject).toBe('Je verkoop staat ter beoordeling: Familie Mail (B-12)')

  // The mail as it looks in a mail client on a phone and on a desktop.
  for (const viewport of [PHONE, DESKTOP]) {
    const view = await newAppPage(browser, server.url, viewport, { serviceWorker: false })
    await view.setContent(mail.parsed.html as string)
    await view.getByRole('link', { name: 'Open de verkoop' }).waitFor()
    await view.getByRole('link', { name: 'Meldingen instellen' }).waitFor()
    expect(await hasHorizontalOverflow(view)).toBe(false)
    await screenshot(view, 'mail-sale-review')
    await view.context().close()
  }

  const linkTo = (part: string) =>
    (mail.parsed.text ?? '').match(new RegExp(`https?://\\S+${part}\\S*`))?.[0] as string
  const page = await newAppPage(browser, server.url, PHONE, { serviceWorker: false })
  await signIn(page.context(), sanne, 'sales')
  await page.goto(linkTo(`/gold-estates/sales/${held.id}`))
  await waitForSalesScreen(page, 'Familie Mail')
  await page.getByText('Ter beoordeling').first().waitFor()

  await page.goto(linkTo('/gold-estates/settings'))
  await waitForSalesScreen(page, 'Instellingen')
  const emailSwitch = page.getByRole('switch', { name: 'E-mailmeldingen' })
  await expect.poll(() => emailSwitch.isEnabled()).toBe(true)
  expect(await emailSwitch.getAttribute('aria-checked')).toBe('true')
  await emailSwitch.click()
  await waitForToast(page, 'Meldingen opgeslagen')
  await closeToast(page, 'Meldingen opgeslagen')
  expect(await emailSwitch.getAttribute('aria-checked')).toBe('false')
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, 'sales-settings-notifications')

  await registerHeld('Familie Stil')
  await eventually(() => expect(lastReviewRow()?.status).toBe('skipped'))
  expect(receiver.to(sanne.email)).toHaveLength(1)
})
