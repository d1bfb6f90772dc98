import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  ROOT,
  signIn,
  signInFirstSuperadmin,
  signInInvitedUser,
  signInNewSeller,
} from '../support/accounts.ts'
import { closeServerWithMail } from '../support/api-mail.ts'
import { eventually } from '../support/eventually.ts'
import { type Client, createClient } from '../support/http.ts'
import { type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import type { ReceivedMail } from '../support/smtp-receiver.ts'
import type { TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

// What administrators with "Activiteitsmeldingen" on receive (issue 46, point 6), over a
// real SMTP server on loopback: a registration waiting, a restore of their organisation.
// Both switches decide; each mail links to them and offers a one-click unsubscribe.

let receiver: SmtpReceiver
let server: TestServer
let root: Client
let clientNumber = 0

const ROOT_EMAIL = 'root@example.com'
const ADA = 'ada@example.com'
const QUIET = 'quiet@example.com'
const NO_MAIL = 'nomail@example.com'
const PLAIN_USER = 'user@example.com'

beforeAll(async () => {
  ;({ receiver, server } = await startServerWithMail({
    MAIL_RETRY_BASE_MS: '200',
    TRUST_PROXY: 'true',
  }))
  root = await signInFirstSuperadmin(server)
  await signInInvitedUser(server, { email: ADA, role: 'ADMIN', name: 'Ada Admin' })
  const quiet = await signInInvitedUser(server, { email: QUIET, role: 'ADMIN' })
  expect(
    (await quiet.request('PATCH', '/api/profile/notifications', { activityAlerts: false })).status,
  ).toBe(200)
  const noMail = await signInInvitedUser(server, { email: NO_MAIL, role: 'SUPERADMIN' })
  expect(
    (await noMail.request('PATCH', '/api/profile/notifications', { emailNotifications: false }))
      .status,
  ).toBe(200)
  await signInInvitedUser(server, { email: PLAIN_USER, role: 'USER' })
})
afterAll(() => closeServerWithMail(server, receiver))

const register = (name: string, email: string) =>
  createClient(server.url).post(
    '/api/auth/register/email',
    { name, email, password: 'stranger pw 1', organizationId: 'default-org' },
    { 'x-forwarded-for': `10.7.${++clientNumber}.1` },
  )

const mailsOf = (address: string, subject: string) =>
  receiver.to(address).filter((mail) => mail.parsed.subject === subject)

async function receiveOne(address: string, subject: string): Promise<ReceivedMail> {
  return eventually(() => {
    const mails = mailsOf(address, subject)
    expect(mails).toHaveLength(1)
    return mails[0] as ReceivedMail
  })
}

type Outbox = InferResponseType<TypedApi['admin']['outbox']['$get'], 200>
type Notifications = InferResponseType<TypedApi['profile']['notifications']['$get'], 200>

/** Waits for the outbox to be empty, so a mail not received was never sent. */
const settle = () =>
  eventually(async () => {
    // Signed in anew each time: a restore ends every session.
    const page: Outbox = (await (await signIn(server, ROOT)).get('/api/admin/outbox')).json
    expect(page.mails.filter((m) => m.status === 'pending')).toEqual([])
  })

/** The one-click address of the List-Unsubscribe header (unfolded). */
const unsubscribeUrlOf = (mail: ReceivedMail) =>
  mail.raw.replace(/\r\n[ \t]+/g, '').match(/^List-Unsubscribe:\s*<([^>]+)>/m)?.[1] as string

const REGISTRATION = 'Nieuwe registratie wacht op goedkeuring'
const RESTORE = 'Er is een backup teruggezet in je organisatie'

describe('administrator notifications', () => {
  test('a registration waiting reaches the administrators with both switches on, once an hour', async () => {
    expect((await register('Sam Stranger', 'sam@stranger.test')).status).toBe(201)
    const mail = await receiveOne(ADA, REGISTRATION)
    await receiveOne(ROOT_EMAIL, REGISTRATION)
    expect(mail.parsed.text).toContain('Sam Stranger (sam@stranger.test) heeft zich geregistreerd')
    expect(mail.parsed.html).toContain('Naar Gebruikers')
    // The switches are one link away, and a one-click unsubscribe is offered.
    expect(mail.parsed.text).toContain(`${server.url}/settings`)
    expect(unsubscribeUrlOf(mail)).toMatch(new RegExp(`^${server.url}/api/mail/unsubscribe/`))
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)

    // Another registration (or a flood of them) within the hour mails nobody again.
    expect((await register('Tim Tweede', 'tim@stranger.test')).status).toBe(201)
    await settle()
    expect(mailsOf(ADA, REGISTRATION)).toHaveLength(1)
    expect(mailsOf(ROOT_EMAIL, REGISTRATION)).toHaveLength(1)
    for (const address of [QUIET, NO_MAIL, PLAIN_USER]) {
      expect(receiver.to(address), address).toHaveLength(0)
    }
    // The registrant hears only of their own registration (invitation-mail.test.ts).
    expect(mailsOf('sam@stranger.test', REGISTRATION)).toHaveLength(0)
  })

  test('a name with a line break stays in the body: the mail reaches its recipients only', async () => {
    // The schema takes the name as text; it never reaches a header (the subject is fixed).
    const registered = await register('Jan\r\nBcc: spy@evil.test', 'jan@stranger.test')
    expect([201, 400]).toContain(registered.status)
    await settle()
    expect(receiver.to('spy@evil.test')).toHaveLength(0)
    for (const mail of receiver.received) {
      expect(mail.raw).not.toMatch(/^Bcc:/im)
      expect(mail.rcptTo).toHaveLength(1)
    }
  })

  test('a SELLER or a USER cannot restore, so cannot mail the administrators', async () => {
    await root.post('/api/admin/launch-gold-estates')
    const seller = await signInNewSeller(
      server,
      root,
      { name: 'Sid Seller', email: 'sid@example.com', role: 'SELLER' },
      receiver,
    )
    const user = await signIn(server, { email: PLAIN_USER, password: 'USER password' })
    for (const client of [seller.client, user]) {
      expect((await client.post('/api/admin/restore', '{}')).status).toBeGreaterThanOrEqual(401)
    }
    await settle()
    expect(mailsOf(ADA, RESTORE)).toHaveLength(0)
  })

  test('a restore reaches the restored organisation’s administrators, once', async () => {
    const backup = await root.post('/api/admin/backup', { format: 'json' })
    expect(backup.status).toBe(200)
    const restored = await root.post('/api/admin/restore', backup.text)
    expect(restored.status, restored.text).toBe(200)
    const mail = await receiveOne(ADA, RESTORE)
    await receiveOne(ROOT_EMAIL, RESTORE)
    expect(mail.parsed.text).toMatch(/Root Admin heeft op .* de gegevens van .* teruggezet/)
    expect(mail.parsed.text).toContain('Iedereen is afgemeld')
    await settle()
    expect(receiver.to(QUIET).filter((m) => m.parsed.subject === RESTORE)).toHaveLength(0)
    expect(receiver.to(NO_MAIL)).toHaveLength(0)
  })

  test('the one-click unsubscribe turns that person’s Activiteitsmeldingen off, and only theirs', async () => {
    const [mail] = mailsOf(ADA, REGISTRATION)
    const url = unsubscribeUrlOf(mail as ReceivedMail)
    const path = url.slice(server.url.length)
    // A mail provider posts it, without a session (RFC 8058).
    const forged = await createClient(server.url).post(
      path.replace(/unsubscribe\/.{8}/, 'unsubscribe/AAAAAAAA'),
      'List-Unsubscribe=One-Click',
    )
    expect(forged.status).toBe(400)
    const done = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(done.status).toBe(200)
    const adaAgain = await signIn(server, { email: ADA, password: 'ADMIN password' })
    const adaChoices: Notifications = (await adaAgain.get('/api/profile/notifications')).json
    expect(adaChoices).toEqual({
      emailNotifications: true,
      activityAlerts: false,
    } satisfies typeof adaChoices)
    const rootAgain = await signIn(server, ROOT)
    const rootChoices: Notifications = (await rootAgain.get('/api/profile/notifications')).json
    expect(rootChoices.activityAlerts).toBe(true)
  })
})
