import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ROOT, signIn, signInFirstSuperadmin } from '../support/accounts.ts'
import type { Seller } from '../support/answers.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { findFreePort } from '../support/free-port.ts'
import { createClient } from '../support/http.ts'
import { takeInvitationToken } from '../support/invitation-token.ts'
import { quietPeriod } from '../support/quiet-period.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { buildSalePayload } from '../support/sales.ts'
import { startServerProcess } from '../support/server-process.ts'
import { startSmtpReceiver } from '../support/smtp-receiver.ts'

// Two server processes on one data directory share a Redis and a mail server: both see
// every queued mail as due, and each mail is sent by one of them, once.

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>

/**
 * The mail server's pace. Slow while the tests' mails go out: it takes most of a delivery
 * round to accept each, so a process sending overlaps the other's next round, which
 * without the job gate's lock sends the same one. Quick while the invitations of the
 * tests' users go out, one after another at that pace for seconds.
 */
const relay = { acceptAfterMs: 400 }

let redis: Awaited<ReturnType<typeof startRedisServer>>
let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>
let dataDir: string
let first: ServerProcess
let second: ServerProcess

beforeAll(async () => {
  redis = await startRedisServer()
  receiver = await startSmtpReceiver(relay)
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-test-'))
  const port = await findFreePort()
  const settings = {
    REDIS_URL: redis.url,
    SMTP_URL: receiver.url,
    MAIL_FROM: 'centraal@example.test',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MAIL_RETRY_BASE_MS: '200',
  }
  first = await startServerProcess(dataDir, { port, settings: { ...settings, NODE_ID: 'a' } })
  second = await startServerProcess(dataDir, { settings: { ...settings, NODE_ID: 'b' } })
}, 60_000)
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()])
  await Promise.all([redis?.close(), receiver?.stop()])
  rmSync(dataDir, { recursive: true, force: true })
})

test('reset mails asked through both processes arrive once each', async () => {
  const root = await signInFirstSuperadmin(first)
  const addresses = Array.from({ length: 12 }, (_, i) => `twee${i}@processes.test`)
  relay.acceptAfterMs = 0
  try {
    await Promise.all(
      addresses.map(async (email) => {
        const created = await root.post('/api/users', { name: 'Persoon', email, role: 'USER' })
        expect(created.status, created.text).toBe(201)
        const token = await takeInvitationToken(receiver, email)
        const setup = await createClient(first.url).post(`/api/auth/setup/${token}`, {
          password: 'twee processen',
        })
        expect(setup.status, setup.text).toBe(200)
      }),
    )
  } finally {
    relay.acceptAfterMs = 400
  }
  // Asked half through each process, all at once.
  const answers = await Promise.all(
    addresses.map((email, i) =>
      createClient((i % 2 ? second : first).url).post('/api/auth/forgot-password', { email }),
    ),
  )
  for (const answer of answers) expect(answer.status).toBe(202)
  await expect
    .poll(() => addresses.every((email) => receiver.to(email).length > 0), { timeout: 20_000 })
    .toBe(true)
  // A second sending would be the other process's, under way while the row shows 'sent'.
  await quietPeriod(2000, 'four delivery rounds of the other process send no mail again')
  for (const email of addresses) expect(receiver.to(email)).toHaveLength(1)
})

test("an organisation's notifications, its sales registered through both processes, arrive once each", async () => {
  const root = await signIn(first, ROOT)
  expect((await root.post('/api/admin/launch-gold-estates')).status).toBe(200)
  const recipient = 'kantoor@processes.test'
  const settings = await root.request('PATCH', '/api/gold-estates/settings', {
    defaultRecipientEmail: recipient,
  })
  expect(settings.status, settings.text).toBe(200)
  const projectId = await addProject(root, 'Twee')
  const sellerId = (
    (await root.post('/api/gold-estates/sellers', { name: 'Sanne' })).json as Seller
  ).id
  const names = Array.from({ length: 12 }, (_, i) => `Koper ${i} twee`)
  const there = createClient(second.url)
  for (const [name, value] of root.cookies) there.cookies.set(name, value)
  // Both processes have the organisation's file open and see every row due.
  await Promise.all(
    names.map((clientName, i) =>
      (i % 2 ? there : root).post(
        '/api/gold-estates/sales',
        buildSalePayload({
          projectId,
          clientName,
          salePrice: 30_000_000,
          lines: [{ sellerId, percentage: 100 }],
        }),
      ),
    ),
  )
  const naming = (name: string) =>
    receiver.to(recipient).filter((mail) => mail.parsed.text?.includes(name))
  await expect
    .poll(() => names.every((name) => naming(name).length > 0), { timeout: 20_000 })
    .toBe(true)
  await quietPeriod(2000, 'four delivery rounds of either process send no sale again')
  // What waited together may leave as one mail: each sale is in exactly one.
  for (const name of names) expect(naming(name), name).toHaveLength(1)
})
