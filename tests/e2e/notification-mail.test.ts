import path from 'node:path'
import Database from 'better-sqlite3'
import { beforeAll, expect, test } from 'vitest'
import { addSellers, signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { eventually } from '../support/eventually.ts'
import type { Client } from '../support/http.ts'
import { firstMailTo } from '../support/mail-server.ts'
import { buildSalePayload, postSale } from '../support/sales.ts'
import { expectMailFits, setUpMailFile } from './mail-helpers.ts'
import {
  closeToast,
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

const file = setUpMailFile()
let sanneApi: Client
let projectId: string
let sanneId: string
const sanne = { email: 'sanne@example.com', password: 'sanne@example.com password' }

beforeAll(async () => {
  const { server, receiver } = file
  const admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = (await admin.post('/api/gold-estates/projects', { name: 'Havenkwartier' })).json.id
  const team = await addSellers(server, admin, { sanne: 'Sanne Jansen' }, receiver)
  sanneId = team.ids.sanne
  sanneApi = await team.signIn('sanne', 'SELLER')
}, 60_000)

/** Sanne registers a sale of 60 % to herself: held "Ter beoordeling". */
const registerHeld = (clientName: string) =>
  postSale(
    file.server,
    sanneApi,
    buildSalePayload({
      projectId,
      clientName,
      salePrice: 45_000_000,
      lines: [{ sellerId: sanneId, percentage: 60 }],
    }),
  )

function lastReviewRow() {
  const db = new Database(path.join(file.server.dataDir, 'orgs', 'default-org.sqlite'), {
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
  const mail = await firstMailTo(file.receiver, sanne.email)
  expect(mail.parsed.subject).toBe('Je verkoop staat ter beoordeling: Familie Mail (B-12)')

  // The mail as it looks in a mail client on a phone and on a desktop.
  await expectMailFits(file, mail, ['Open de verkoop', 'Meldingen instellen'], 'mail-sale-review')

  const linkTo = (part: string) =>
    (mail.parsed.text ?? '').match(new RegExp(`https?://\\S+${part}\\S*`))?.[0] as string
  const page = await newAppPage(file.browser, file.server.url, PHONE, { serviceWorker: false })
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
  expect(file.receiver.to(sanne.email)).toHaveLength(1)
})
