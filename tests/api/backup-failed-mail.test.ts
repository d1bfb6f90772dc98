import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { eventually } from '../support/eventually.ts'
import { type GoogleStandIn, startGoogleStandIn } from '../support/google-stand-in.ts'
import type { Client } from '../support/http.ts'
import { type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import type { TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

// A scheduled Google Drive backup that fails (a stand-in that refuses every upload) mails
// the administrators with Activiteitsmeldingen on, over a real SMTP server on loopback; a
// backup made by hand shows its failure on screen and mails nobody.

const GOOGLE = { clientId: 'centraal-test.apps.googleusercontent.com', clientSecret: 'gs-secret' }
const SUBJECT = 'Automatische backup mislukt'
let google: GoogleStandIn
let receiver: SmtpReceiver
let server: TestServer
let admin: Client

beforeAll(async () => {
  google = await startGoogleStandIn(GOOGLE)
  ;({ receiver, server } = await startServerWithMail({
    GOOGLE_CLIENT_ID: GOOGLE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
    GOOGLE_API_ROOT: google.url,
    BACKUP_RETRY_BASE_MS: '20',
    MAIL_RETRY_BASE_MS: '200',
  }))
  admin = await signInFirstSuperadmin(server)
  await signInInvitedUser(server, { email: 'ada@example.com', role: 'ADMIN' })
  await signInInvitedUser(server, { email: 'uma@example.com', role: 'USER' })
  // Connect, Google's consent screen, and the callback, as the person's browser would.
  const start = await admin.post('/api/backup/google-drive/connect')
  const connect: InferResponseType<TypedApi['backup']['google-drive']['connect']['$post'], 200> =
    start.json
  const consent = await fetch(connect.url, { redirect: 'manual' })
  const callback = new URL(consent.headers.get('location') ?? '')
  expect((await admin.get(`${callback.pathname}${callback.search}`)).status).toBe(302)
})
afterAll(async () => {
  vi.useRealTimers()
  await server?.close()
  await google?.close()
  await receiver?.stop()
})

test('a failed scheduled backup mails the administrators; one by hand does not', async () => {
  google.state.failingUploads = Number.POSITIVE_INFINITY
  const manual = await admin.post('/api/backup/google-drive/run')
  expect(manual.status).toBe(502)

  // The clock (Date only) is set to 14:29:54 today and runs on; croner's real timer fires.
  // Six seconds ahead: on a loaded machine saving the schedule has taken more than two, and
  // a schedule saved after 14:30 waits for tomorrow.
  const fireAt = new Date()
  fireAt.setHours(14, 30, 0, 0)
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  try {
    vi.setSystemTime(fireAt.getTime() - 6000)
    const saved = await admin.post('/api/backup/settings', {
      autoBackupEnabled: true,
      backupSchedule: '30 14 * * *',
      backupFormats: 'json',
    })
    expect(saved.status, saved.text).toBe(200)
    await eventually(async () => {
      const settings: InferResponseType<TypedApi['backup']['settings']['$get'], 200> = (
        await admin.get('/api/backup/settings')
      ).json
      expect(settings.lastBackupAt).toBeGreaterThanOrEqual(fireAt.getTime())
      expect(settings.lastBackupStatus).toBe('failed')
    }, 20_000)
    // Still on the moved clock: the alert was queued at its 14:30, and is due by it.
    await eventually(() => expect(receiver.to('ada@example.com')).toHaveLength(1))
    await eventually(() => expect(receiver.to('root@example.com')).toHaveLength(1))
  } finally {
    vi.useRealTimers()
  }
  const [mail] = receiver.to('ada@example.com') as [(typeof receiver.received)[number]]
  expect(mail.parsed.subject).toBe(SUBJECT)
  expect(mail.parsed.text).toMatch(/naar Google Drive van .* is mislukt:/)
  expect(mail.parsed.text).toContain('Upload van')
  expect(mail.parsed.text).toContain(`${server.url}/settings?tab=backups`)
  // The manual run before mailed nobody; a USER gets nothing.
  expect(receiver.received.map((received) => received.parsed.subject)).toEqual([SUBJECT, SUBJECT])
  expect(receiver.to('uma@example.com')).toHaveLength(0)
})
