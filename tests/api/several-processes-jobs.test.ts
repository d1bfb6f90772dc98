import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { Seller } from '../support/answers.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { findFreePort } from '../support/free-port.ts'
import { type GoogleStandIn, startGoogleStandIn } from '../support/google-stand-in.ts'
import { type Client, createClient } from '../support/http.ts'
import { quietPeriod } from '../support/quiet-period.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { buildSalePayload, postSale } from '../support/sales.ts'
import { startServerProcess } from '../support/server-process.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import type { TypedApi } from '../support/typed-client.ts'

// Two server processes on one data directory share a Redis: a scheduled Drive backup and
// a CRM lead that both see due run once; a backup schedule saved through one is the
// other's at once; heavy jobs asked through both run one after the other, and a process
// that dies holding the heavy-work slot frees it after its ttl; while Redis is away leads
// wait and heavy jobs go on.

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>
type Connect = InferResponseType<TypedApi['backup']['google-drive']['connect']['$post'], 200>
type Settings = InferResponseType<TypedApi['backup']['settings']['$get'], 200>
const GOOGLE = { clientId: 'centraal-test.apps.googleusercontent.com', clientSecret: 'gs-secret' }

let redis: Awaited<ReturnType<typeof startRedisServer>>
let google: GoogleStandIn
let dataDir: string
let first: ServerProcess
let second: ServerProcess
/** The first SUPERADMIN, through the first process. */
let root: Client
let settings: Record<string, string>

// A CRM stand-in that holds each lead until the test lets it answer.
const leads: { answer: () => void }[] = []
const receiver = http.createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    const id = `opp-${leads.length + 1}`
    leads.push({
      answer: () => {
        if (response.headersSent) return
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ id }))
      },
    })
  })
})

const placeOf = async (client: Client) => {
  const answer: InferResponseType<TypedApi['heavy-work']['place']['$get'], 200> = (
    await client.get('/api/heavy-work/place')
  ).json
  return answer.place
}
const uploads = (since = 0) =>
  google.state.requests.filter(
    (request) => request.path.startsWith('/upload/') && request.at > since,
  )

/** Waits for a condition the processes bring about; fails after `timeout` ms. */
const until = (condition: () => boolean | Promise<boolean>, timeout = 15_000) =>
  expect.poll(condition, { interval: 50, timeout }).toBe(true)

/** Holds every upload at the Drive stand-in until the returned function is called. */
function holdUploads() {
  let release = () => {}
  google.state.uploadsHeld = new Promise<void>((resolve) => (release = resolve))
  return () => {
    google.state.uploadsHeld = undefined
    release()
  }
}

function outboxStatus(saleId: string) {
  const db = openOrganisationFile(dataDir)
  try {
    const row = db.prepare('select status from webhook_outbox where sale_id = ?').get(saleId)
    return (row as { status: string } | undefined)?.status
  } finally {
    db.close()
  }
}

/** The first SUPERADMIN's session as it is now, through the second process. */
function sameSessionThere() {
  const client = createClient(second.url)
  for (const [name, value] of root.cookies) client.cookies.set(name, value)
  return client
}

const start = (port?: number, nodeId = 'a') =>
  startServerProcess(dataDir, { port, settings: { ...settings, NODE_ID: nodeId } })

beforeAll(async () => {
  redis = await startRedisServer()
  google = await startGoogleStandIn(GOOGLE)
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-test-'))
  settings = {
    REDIS_URL: redis.url,
    GOOGLE_CLIENT_ID: GOOGLE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
    GOOGLE_API_ROOT: google.url,
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    HEAVY_WORK_SLOT_TTL_SECONDS: '2',
    // A backup schedule 'M H * * *' fires at M seconds past each minute of hour H: the
    // scheduled run is seconds away, not up to a minute (server/env.ts).
    TEST_BACKUP_SCHEDULE: 'seconds',
    // The processes' decisions on scheduled runs are read from their info log.
    LOG_LEVEL: 'info',
  }
  // The Drive connection's redirect comes back to the first process, which holds its state.
  first = await start(await findFreePort())
  const secondStarted = start(undefined, 'b')
  root = await signInFirstSuperadmin(first)
  const connect = await root.post('/api/backup/google-drive/connect')
  expect(connect.status).toBe(200)
  const consent = await fetch((connect.json as Connect).url, { redirect: 'manual' })
  const callback = new URL(consent.headers.get('location') ?? '')
  expect((await root.get(`${callback.pathname}${callback.search}`)).status).toBe(302)
  second = await secondStarted
}, 60_000)
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()])
  await Promise.all([redis?.close(), google?.close()])
  receiver.close()
  rmSync(dataDir, { recursive: true, force: true })
})

test('a scheduled Drive backup that both processes fire runs in one of them: one upload', async () => {
  // The next whole second at least 5 s away, in the servers' time zone (this one's): the
  // save and its relay to the second process take a fraction of that. Not past the 50th
  // second: the processes claim the occurrence by its whole minute, as they do a real
  // schedule's, so one firing late into the next minute would claim another.
  const soon = new Date(Math.ceil((Date.now() + 5_000) / 1000) * 1000)
  const fireAt =
    soon.getSeconds() <= 50 ? soon : new Date(Math.ceil(soon.getTime() / 60_000) * 60_000)
  const saved = await root.post('/api/backup/settings', {
    autoBackupEnabled: true,
    backupSchedule: `${fireAt.getSeconds()} ${fireAt.getHours()} * * *`,
    backupFormats: 'json',
  })
  expect(saved.status).toBe(200)
  expect((saved.json as Settings).nextBackupAt).toBe(fireAt.getTime())
  // The second process, running since before the save, schedules the backup as well.
  const rootThere = sameSessionThere()
  await until(
    async () =>
      ((await rootThere.get('/api/backup/settings')).json as Settings).nextBackupAt ===
      fireAt.getTime(),
    fireAt.getTime() - Date.now(),
  )

  const decisions = () => [
    ...first.linesWith('scheduled backup runs'),
    ...second.linesWith('scheduled backup runs'),
  ]
  await until(() => decisions().length === 2, 90_000)
  expect(decisions().filter((line) => line.includes('runs here'))).toHaveLength(1)
  expect(decisions().filter((line) => line.includes('runs in another process'))).toHaveLength(1)
  await until(
    async () => ((await root.get('/api/backup/settings')).json as Settings).lastBackupAt !== null,
  )
  expect(((await root.get('/api/backup/settings')).json as Settings).lastBackupStatus).toBe(
    'success',
  )
  expect(uploads()).toHaveLength(1)
}, 120_000)

test('a schedule changed or switched off through one process is followed by the other at once', async () => {
  const settingsThere = async (): Promise<Settings> =>
    (await sameSessionThere().get('/api/backup/settings')).json
  const before = (await settingsThere()).nextBackupAt
  // Six hours on: another time than the schedule the processes hold now.
  const at = new Date(Date.now() + 6 * 60 * 60_000)
  const saved = await root.post('/api/backup/settings', {
    autoBackupEnabled: true,
    backupSchedule: `${at.getMinutes()} ${at.getHours()} * * *`,
  })
  expect(saved.status).toBe(200)
  expect((saved.json as Settings).nextBackupAt).not.toBe(before)
  await until(
    async () => (await settingsThere()).nextBackupAt === (saved.json as Settings).nextBackupAt,
    5000,
  )

  // Switched off through the first process, the second holds no schedule: it fires nothing.
  const off = await root.post('/api/backup/settings', { autoBackupEnabled: false })
  expect((off.json as Settings).nextBackupAt).toBeNull()
  await until(async () => (await settingsThere()).nextBackupAt === null, 5000)
  expect((await settingsThere()).autoBackupEnabled).toBe(false)
})

test('a lead that both processes see due is posted once, though its answer is slow', async () => {
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/lead`
  expect((await root.post('/api/admin/launch-gold-estates')).status).toBe(200)
  await root.request('PATCH', '/api/gold-estates/settings', {
    xmsEnabled: true,
    xmsWebhookUrl: receiverUrl,
  })
  const projectId = await addProject(root, 'Havenkwartier')
  const sellerId = (
    (await root.post('/api/gold-estates/sellers', { name: 'Cor Closer' })).json as Seller
  ).id
  // The second process has the organisation's file open too, so it looks at its outbox.
  expect((await sameSessionThere().get('/api/gold-estates/settings')).status).toBe(200)
  const sale = await postSale(
    first,
    root,
    buildSalePayload({
      projectId,
      clientName: 'Lead Eén',
      salePrice: 30_000_000,
      lines: [{ sellerId, percentage: 100 }],
    }),
  )
  await until(() => leads.length === 1)
  try {
    // Both processes look every half second; the lead is pending while its answer waits.
    await quietPeriod(1500, 'three looks of each process at the outbox post the lead no more')
    expect(leads).toHaveLength(1)
  } finally {
    // Answered even when the test fails, so that no post stays waiting into the next test.
    for (const lead of leads) lead.answer()
  }
  await until(() => outboxStatus(sale.id) === 'delivered')
  expect(leads).toHaveLength(1)
}, 60_000)

test('heavy jobs asked through two processes run one after the other', async () => {
  const since = performance.now()
  const rootThere = sameSessionThere()
  const release = holdUploads()
  const here = root.post('/api/backup/google-drive/run')
  // The first run holds the machine's slot while its upload waits at Drive.
  await until(() => uploads(since).length === 1)
  const there = rootThere.post('/api/backup/google-drive/run')
  await until(async () => (await placeOf(rootThere)) === 2)
  expect(uploads(since)).toHaveLength(1)
  release()
  expect((await here).status).toBe(200)
  expect((await there).status).toBe(200)
  const [one, two] = uploads(since)
  expect(two?.at).toBeGreaterThan(one?.answeredAt ?? Number.POSITIVE_INFINITY)
}, 60_000)

test('while Redis is away, a lead waits for it and is posted once when it is back; heavy jobs go on', async () => {
  const before = leads.length
  const port = redis.port
  await redis.close()
  const projectId = await addProject(root, 'Zonder Redis')
  const sellerId = (
    (await root.post('/api/gold-estates/sellers', { name: 'Dirk Deal' })).json as Seller
  ).id
  const sale = await postSale(
    first,
    root,
    buildSalePayload({
      projectId,
      clientName: 'Lead Twee',
      salePrice: 20_000_000,
      lines: [{ sellerId, percentage: 100 }],
    }),
  )
  // A heavy job is answered without the machine's slot.
  const run = await sameSessionThere().post('/api/backup/google-drive/run')
  expect(run.status).toBe(200)
  try {
    await quietPeriod(1500, 'three looks of each process at the outbox, Redis away, post no lead')
    expect(leads).toHaveLength(before)
    expect(outboxStatus(sale.id)).toBe('pending')
  } finally {
    redis = await startRedisServer(port)
  }
  await until(() => leads.length === before + 1)
  for (const lead of leads) lead.answer()
  await until(() => outboxStatus(sale.id) === 'delivered')
  expect(leads).toHaveLength(before + 1)
}, 60_000)

test("a process that dies holding the heavy-work slot frees it after the slot's ttl", async () => {
  const since = performance.now()
  const rootThere = sameSessionThere()
  const release = holdUploads()
  void root.post('/api/backup/google-drive/run').catch(() => undefined)
  await until(() => uploads(since).length === 1)
  const there = rootThere.post('/api/backup/google-drive/run')
  await until(async () => (await placeOf(rootThere)) === 2)
  await first.kill()
  release()
  // Within the slot's ttl (2 s) of the kill, the second process's job takes the slot.
  expect((await there).status).toBe(200)
  expect(uploads(since)).toHaveLength(2)
}, 60_000)
