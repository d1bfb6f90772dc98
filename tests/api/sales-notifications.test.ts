import path from 'node:path'
import Database from 'better-sqlite3'
import { format } from 'date-fns/format'
import { eq } from 'drizzle-orm'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { notificationOutbox } from '#schema/db/organisation'
import { formatMoney } from '#schema/format-money'
import { queueReviewDigests } from '#server/jobs/review-digests'
import { addSellers, signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import type { Pulled, Sales } from '../support/answers.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { closeServerWithMail } from '../support/api-mail.ts'
import { eventually } from '../support/eventually.ts'
import { type Client, createClient } from '../support/http.ts'
import { allMailSent, type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import { buildCorrection, buildSalePayload, listCommissions, postSale } from '../support/sales.ts'
import type { ReceivedMail } from '../support/smtp-receiver.ts'
import type { TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

type Settings = InferResponseType<TypedApi['gold-estates']['settings']['$patch'], 200>
type Notifications = InferResponseType<
  TypedApi['gold-estates']['profile']['notifications']['$get'],
  200
>
type NotificationsSaved = InferResponseType<
  TypedApi['gold-estates']['profile']['notifications']['$patch'],
  200
>
type Imported = InferResponseType<TypedApi['gold-estates']['sheets']['import']['$post'], 200>

// Gold Estates' notifications by mail (issue 46 point 6), end to end over a real SMTP
// server on loopback: what a SELLER, an approver and the default recipient receive, that a
// SELLER's mail names only their own line, the switches and the one-click unsubscribe,
// an import's one digest, a receiver that goes away mid-queue, and a restore that must not
// send a mail again.

let receiver: SmtpReceiver
let server: TestServer
let admin: Client
let manager: Client
let sanne: Client
let projectId: string
const ids = { sanne: '', cor: '', maria: '' }
const RECIPIENT = 'kantoor@goldestates.test'
const today = format(new Date(), 'yyyy-MM-dd')

beforeAll(async () => {
  ;({ receiver, server } = await startServerWithMail({
    MAIL_RETRY_BASE_MS: '200',
  }))
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Havenkwartier')
  const team = await addSellers(
    server,
    admin,
    { sanne: 'Sanne', cor: 'Cor', maria: 'Maria' },
    receiver,
  )
  Object.assign(ids, team.ids)
  sanne = await team.signIn('sanne', 'SELLER')
  await team.signIn('cor', 'SELLER')
  manager = await team.signIn('maria', 'MANAGER')
})
afterAll(() => closeServerWithMail(server, receiver))

async function receive(address: string, count: number): Promise<ReceivedMail[]> {
  return eventually(() => {
    const mails = receiver.to(address)
    expect(mails).toHaveLength(count)
    return mails
  })
}

/**
 * No further mail to `address`: once nothing the calls queued waits to be sent (the
 * organisation's notifications and the system outbox, each marked sent only after the
 * receiver took it), the receiver holds every mail there will be.
 */
async function expectNoMore(address: string, count: number) {
  await eventually(() => {
    const waiting = server.deps.organisations
      .get('default-org')
      .select({ recipient: notificationOutbox.recipient })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.status, 'pending'))
      .all()
    expect(waiting).toEqual([])
  })
  await allMailSent(server)
  expect(receiver.to(address)).toHaveLength(count)
}

function readSale(id: string) {
  const db = new Database(path.join(server.dataDir, 'orgs', 'default-org.sqlite'), {
    readonly: true,
  })
  try {
    return db.prepare('select * from sales where id = ?').get(id)
  } finally {
    db.close()
  }
}

function outboxRows() {
  const db = new Database(path.join(server.dataDir, 'orgs', 'default-org.sqlite'), {
    readonly: true,
  })
  try {
    return db.prepare('select * from notification_outbox order by created_at').all() as {
      id: string
      kind: string
      status: string
      recipient: string
      payload: string
      attempts: number
    }[]
  } finally {
    db.close()
  }
}

const patch = (client: Client, path: string, body: unknown) => client.request('PATCH', path, body)

/** The address of a mail's List-Unsubscribe header (folded over lines when long). */
function unsubscribeUrlOf(mail: ReceivedMail) {
  const line = mail.parsed.headerLines.find((header) => header.key === 'list-unsubscribe')
  return line?.line.replace(/\r?\n\s*/g, '').match(/<([^>]+)>/)?.[1] ?? ''
}

const linkOf = (mail: ReceivedMail, part: string) =>
  (mail.parsed.text ?? '').match(new RegExp(`https?://\\S+${part}\\S*`))?.[0] ?? ''

/** A sale's lines: Sanne's and Cor's shares (%). */
const sanneAndCor = (sanne: number, cor: number) => [
  { sellerId: ids.sanne, percentage: sanne },
  { sellerId: ids.cor, percentage: cor },
]

function sale(lines: { sellerId: string; percentage: number }[], clientName: string) {
  return buildSalePayload({
    projectId,
    clientName,
    salePrice: 40_000_000,
    saleDate: '2025-01-01',
    lines,
  })
}

describe("a SELLER's own sale", () => {
  let saleId: string
  test('held "Ter beoordeling": the mail says why, has both parts, a link to the sale and a one-click unsubscribe', async () => {
    const held = await postSale(
      server,
      sanne,
      sale([{ sellerId: ids.sanne, percentage: 60 }], 'Klant Review'),
    )
    saleId = held.id
    expect(held.reviewStatus).toBe('pending')
    const [mail] = (await receive('sanne@example.com', 1)) as [ReceivedMail]
    expect(mail.parsed.subject).toBe('Je verkoop staat ter beoordeling: Klant Review (B-12)')
    expect(mail.parsed.text).toContain('Het salesteam telt op tot 60% in plaats van 100%')
    expect(mail.parsed.html).toContain('Je verkoop staat ter beoordeling')
    const saleLink = linkOf(mail, `/gold-estates/sales/${saleId}`)
    expect(saleLink).toBe(`${server.url}/gold-estates/sales/${saleId}`)
    // That it opens the sale in the browser: tests/e2e/notification-mail.test.ts.
    expect(linkOf(mail, '/gold-estates/settings')).toBe(`${server.url}/gold-estates/settings`)
    expect(unsubscribeUrlOf(mail)).toMatch(new RegExp(`^${server.url}/api/mail/unsubscribe/`))
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
    // Nothing a session or a password could be read from.
    expect(mail.raw).not.toMatch(/password|wachtwoord|session/i)
  })

  test('sent back with the reason, held again after the correction, then approved', async () => {
    const rejected = await manager.post(`/api/gold-estates/sales/${saleId}/reject`, {
      reason: 'Verdeling klopt niet met het contract',
      seq: await seqOf(saleId),
    })
    expect(rejected.status, rejected.text).toBe(200)
    const [, rejection] = (await receive('sanne@example.com', 2)) as ReceivedMail[]
    expect(rejection?.parsed.subject).toBe('Je verkoop is afgewezen: Klant Review (B-12)')
    expect(rejection?.parsed.text).toContain('Reden: Verdeling klopt niet met het contract')

    const approved = await manager.post(`/api/gold-estates/sales/${saleId}/approve`, {
      seq: await seqOf(saleId),
    })
    expect(approved.status).toBe(409)
    const corrected = await patch(sanne, `/api/gold-estates/sales/${saleId}`, {
      ...buildCorrection({
        saleDate: '2025-01-01',
        salePrice: 40_000_000,
        commissionPercentage: 5,
        splits: [
          { sellerId: ids.sanne, role: null, commissionType: 'sales', commissionPercentage: 100 },
        ],
        paidTotal: 0,
      }),
      clientName: 'Klant Review',
    })
    expect(corrected.status, corrected.text).toBe(200)
    const [, , again] = (await receive('sanne@example.com', 3)) as ReceivedMail[]
    expect(again?.parsed.text).toContain('je hebt een afgewezen verkoop gecorrigeerd')

    const review = { seq: await seqOf(saleId) }
    expect((await manager.post(`/api/gold-estates/sales/${saleId}/approve`, review)).status).toBe(
      200,
    )
    const [, , , approval] = (await receive('sanne@example.com', 4)) as ReceivedMail[]
    expect(approval?.parsed.subject).toBe('Je verkoop is goedgekeurd: Klant Review (B-12)')
  })
})

describe('a paid commission line', () => {
  test("reaches its own seller, with its amount and date, and never names the other seller's line", async () => {
    const shared = await postSale(server, admin, sale(sanneAndCor(70, 30), 'Klant Gedeeld'))
    const lines = (await listCommissions(server, admin)).filter((line) => line.saleId === shared.id)
    const own = lines.find((line) => line.sellerId === ids.sanne)
    const cors = lines.find((line) => line.sellerId === ids.cor)
    if (!own || !cors) throw new Error('lines missing')
    const sanneBefore = receiver.to('sanne@example.com').length
    const corBefore = receiver.to('cor@example.com').length
    const paid = await admin.post(`/api/gold-estates/commissions/${own.id}/payments`, {
      amount: own.commissionAmount,
      paidOn: today,
      note: null,
    })
    expect(paid.status, paid.text).toBe(201)
    const mail = (await receive('sanne@example.com', sanneBefore + 1)).at(-1) as ReceivedMail
    expect(mail.parsed.subject).toBe('Commissie uitbetaald: Klant Gedeeld (B-12)')
    const amount = formatMoney(own.commissionAmount)
    expect(mail.parsed.text).toContain(`Er is ${amount} van je commissie`)
    expect(mail.parsed.text).toContain(format(new Date(), 'yyyy'))
    for (const part of [mail.parsed.text ?? '', mail.parsed.html || '']) {
      expect(part).not.toContain(formatMoney(cors.commissionAmount))
      expect(part).not.toContain('Cor')
      // Nor the sale's whole commission.
      expect(part).not.toContain(formatMoney(shared.commissionAmount))
    }
    await expectNoMore('cor@example.com', corBefore)
  })
})

describe("the sales settings' default recipient", () => {
  test('gets each new sale once, as the sales ADMIN sees it; notificationsSent is set', async () => {
    const set = await patch(admin, '/api/gold-estates/settings', {
      defaultRecipientEmail: RECIPIENT,
      notificationsEnabled: true,
    })
    expect(set.status, set.text).toBe(200)
    const created = await postSale(server, manager, sale(sanneAndCor(50, 50), 'Klant Nieuw'))
    const [mail] = (await receive(RECIPIENT, 1)) as [ReceivedMail]
    expect(mail.parsed.subject).toBe('Nieuwe verkoop: Klant Nieuw (B-12)')
    expect(mail.parsed.text).toContain('Maria heeft een verkoop geregistreerd')
    expect(mail.parsed.text).toContain('Sanne (sales, 50%)')
    expect(mail.parsed.text).toContain('Cor (sales, 50%)')
    expect(readSale(created.id)).toMatchObject({ notifications_sent: 1 })
    await expectNoMore(RECIPIENT, 1)
  })

  test('"Nieuwe verkopen mailen" off: no mail, notificationsSent stays false; a SELLER cannot switch it', async () => {
    expect(
      (await patch(sanne, '/api/gold-estates/settings', { notificationsEnabled: false })).status,
    ).toBe(403)
    const off = await patch(admin, '/api/gold-estates/settings', { notificationsEnabled: false })
    expect((off.json as Settings).notificationsEnabled).toBe(false)
    const quiet = await postSale(
      server,
      admin,
      sale([{ sellerId: ids.cor, percentage: 100 }], 'Klant Zonder'),
    )
    expect(readSale(quiet.id)).toMatchObject({ notifications_sent: 0 })
    await expectNoMore(RECIPIENT, 1)
    await patch(admin, '/api/gold-estates/settings', { notificationsEnabled: true })
  })
})

describe('the switches', () => {
  test('"E-mailmeldingen" off stops the mail; on again lets the next one through', async () => {
    expect((await sanne.get('/api/gold-estates/profile/notifications')).json).toEqual({
      emailNotifications: true,
      activityAlerts: true,
    } satisfies Notifications)
    const off = await patch(sanne, '/api/gold-estates/profile/notifications', {
      emailNotifications: false,
    })
    expect(off.json).toEqual({
      emailNotifications: false,
      activityAlerts: true,
    } satisfies NotificationsSaved)
    const before = receiver.to('sanne@example.com').length
    await postSale(server, sanne, sale([{ sellerId: ids.sanne, percentage: 50 }], 'Klant Stil'))
    await eventually(() =>
      expect(
        outboxRows()
          .filter((row) => row.kind === 'sale-review-pending')
          .at(-1),
      ).toMatchObject({ status: 'skipped' }),
    )
    await expectNoMore('sanne@example.com', before)
    await patch(sanne, '/api/gold-estates/profile/notifications', { emailNotifications: true })
    await postSale(server, sanne, sale([{ sellerId: ids.sanne, percentage: 40 }], 'Klant Luid'))
    const last = (await receive('sanne@example.com', before + 1)).at(-1)
    expect(last?.parsed.subject).toContain('Klant Luid')
  })

  test('List-Unsubscribe one-click switches "E-mailmeldingen" off without a session', async () => {
    const [mail] = receiver.to('sanne@example.com').slice(-1) as [ReceivedMail]
    const url = unsubscribeUrlOf(mail)
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Afmelden')
    // Opening the link changed nothing; the one-click POST does.
    expect(
      ((await sanne.get('/api/gold-estates/profile/notifications')).json as Notifications)
        .emailNotifications,
    ).toBe(true)
    const clicked = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(clicked.status).toBe(200)
    expect(
      ((await sanne.get('/api/gold-estates/profile/notifications')).json as Notifications)
        .emailNotifications,
    ).toBe(false)
    await patch(sanne, '/api/gold-estates/profile/notifications', { emailNotifications: true })
  })

  test('a forged or altered token changes nothing', async () => {
    const [mail] = receiver.to('sanne@example.com').slice(-1) as [ReceivedMail]
    const url = unsubscribeUrlOf(mail)
    const altered = `${url.slice(0, -3)}${url.endsWith('AAA') ? 'BBB' : 'AAA'}`
    for (const target of [altered, `${server.url}/api/mail/unsubscribe/v1.x.y.z`]) {
      const answer = await fetch(target, { method: 'POST', body: 'List-Unsubscribe=One-Click' })
      expect(answer.status).toBe(400)
    }
    expect(
      ((await sanne.get('/api/gold-estates/profile/notifications')).json as Notifications)
        .emailNotifications,
    ).toBe(true)
  })

  test("the switches are one's own: no session is a 401, a bad body a 400", async () => {
    const nobody = createClient(server.url)
    expect((await nobody.get('/api/gold-estates/profile/notifications')).status).toBe(401)
    expect(
      (
        await patch(nobody, '/api/gold-estates/profile/notifications', {
          emailNotifications: false,
        })
      ).status,
    ).toBe(401)
    const bad = await patch(sanne, '/api/gold-estates/profile/notifications', {
      emailNotifications: 'nee',
    })
    expect(bad.status).toBe(400)
    expect((await patch(sanne, '/api/gold-estates/profile/notifications', {})).status).toBe(400)
  })
})

describe("approvers' daily digest", () => {
  test('each approver gets one digest of the sales waiting, none of their own; none when nothing waits', async () => {
    const mariaBefore = receiver.to('maria@example.com').length
    const rootBefore = receiver.to('root@example.com').length
    expect(await queueReviewDigests(server.deps)).toBe(2)
    const digest = (await receive('maria@example.com', mariaBefore + 1)).at(-1) as ReceivedMail
    expect(digest.parsed.subject).toBe('Verkopen ter beoordeling')
    expect(digest.parsed.text).toContain(
      'Klant Stil (B-12, Havenkwartier), geregistreerd door Sanne',
    )
    expect(digest.parsed.text).toContain(`${server.url}/gold-estates/dashboard`)
    expect(digest.parsed.html).toContain('Beoordelen in Gold Estates')
    await receive('root@example.com', rootBefore + 1)
    // Everything reviewed: no digest at all.
    const waiting = (
      (await admin.get('/api/sync/v1/sales/pull?checkpoint=0&limit=1000')).json as Pulled
    ).documents
    for (const doc of waiting.filter((row) => row.reviewStatus === 'pending')) {
      const approval = { seq: await seqOf(doc.id) }
      expect(
        (await manager.post(`/api/gold-estates/sales/${doc.id}/approve`, approval)).status,
      ).toBe(200)
    }
    expect(await queueReviewDigests(server.deps)).toBe(0)
  })
})

describe('many at once', () => {
  test('an import of 300 sales makes one digest for the default recipient', async () => {
    const before = receiver.to(RECIPIENT).length
    const rows = Array.from(
      { length: 300 },
      (_, index) => `Koper ${index};Havenkwartier;01-02-2025;€ 250.000;3;Sanne;I-${index}`,
    )
    const csv = [
      'Klantnaam;Projectnaam;Verkoopdatum;Verkoopprijs;Commissie %;Verkoper;Bouwnummer',
      ...rows,
    ].join('\n')
    const imported = await admin.request(
      'POST',
      '/api/gold-estates/sheets/import?fileName=veel.csv',
      csv,
      { 'content-type': 'text/csv' },
    )
    expect(imported.status, imported.text).toBe(200)
    expect((imported.json as Imported).salesImported).toBe(300)
    const digest = (await receive(RECIPIENT, before + 1)).at(-1) as ReceivedMail
    expect(digest.parsed.subject).toBe('300 nieuwe verkopen')
    expect(digest.parsed.text).toContain('… en nog 250')
    await expectNoMore(RECIPIENT, before + 1)
  })

  test('the receiver stopped mid-queue: every notification arrives once it is back, each exactly once', async () => {
    await receiver.stop()
    const before = receiver.to(RECIPIENT).length
    // Five sales, each tried and refused while the server is away before the next comes.
    const names = Array.from({ length: 5 }, (_, index) => `Wachtend ${index}`)
    for (const name of names) {
      await postSale(server, admin, sale([{ sellerId: ids.cor, percentage: 100 }], name))
      await eventually(() => {
        const waiting = outboxRows().find(
          (row) => row.recipient === RECIPIENT && row.payload.includes(name),
        )
        expect(waiting).toMatchObject({ status: 'pending' })
        expect(waiting?.attempts).toBeGreaterThanOrEqual(1)
      })
    }
    await receiver.start()
    // Nothing left to send: a mail is marked sent only once the receiver took it, and a
    // mail refused while the receiver was away was sent again, so every sending is in.
    await eventually(() =>
      expect(outboxRows().filter((row) => row.status === 'pending')).toEqual([]),
    )
    const mails = receiver.to(RECIPIENT).slice(before)
    // What waited for the same person may leave as one mail: each sale is in exactly one.
    for (const name of names) {
      expect(
        mails.filter((mail) => mail.parsed.text?.includes(name)),
        name,
      ).toHaveLength(1)
    }
    const messageIds = receiver.received.map((mail) => mail.parsed.messageId)
    expect(new Set(messageIds).size).toBe(messageIds.length)
  })
})

describe('a restore of an older backup', () => {
  test('never sends a mail again', async () => {
    await receiver.stop()
    const before = receiver.to(RECIPIENT).length
    await postSale(server, admin, sale([{ sellerId: ids.cor, percentage: 100 }], 'Klant Eenmaal'))
    // The backup holds the mail still waiting.
    await eventually(() =>
      expect(outboxRows().at(-1)).toMatchObject({ kind: 'sale-registered', status: 'pending' }),
    )
    const backup = await admin.post('/api/admin/backup', { format: 'json' })
    expect(backup.status).toBe(200)
    await receiver.start()
    await receive(RECIPIENT, before + 1)
    await eventually(() => expect(outboxRows().at(-1)?.status).toBe('sent'))

    const restored = await admin.post('/api/admin/restore', backup.text)
    expect(restored.status, restored.text).toBe(200)
    // The restored file has it waiting again; the system file remembers it went.
    await eventually(() =>
      expect(
        outboxRows().find((row) => row.kind === 'sale-registered' && row.status === 'pending'),
      ).toBeUndefined(),
    )
    await expectNoMore(RECIPIENT, before + 1)
  })
})

/** The sale's version now (its seq), as an approver who opens it sees it. */
async function seqOf(saleId: string): Promise<number> {
  const sales = (await admin.get('/api/gold-estates/sales')).json as Sales
  return Number(sales.find((sale) => sale.id === saleId)?.seq ?? 0)
}
