import { monitorEventLoopDelay } from 'node:perf_hooks'
import type Database from 'better-sqlite3'
import type { InferResponseType } from 'hono/client'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_MAX_AGE_MS } from '#schema/constants'
import { REFUSED_VALUES_MAX_CHARS, SYNC_REFUSALS_PER_PERSON } from '#schema/sync-refusals'
import { KEPT_MAIL_BODY_MS, pruneKeptRecords } from '#server/jobs/prune-kept-records'
import { signInFirstSuperadmin, signInInvitedUser, signInSeller } from '../support/accounts.ts'
import type { Seller } from '../support/answers.ts'
import { signInAtNewOrganisation } from '../support/api-organisations.ts'
import { type Client, createClient } from '../support/http.ts'
import { openOrganisationFile, openSystemFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type PartOf, type TypedApi, typedClient } from '../support/typed-client.ts'

type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>
type Outbox = InferResponseType<TypedApi['admin']['outbox']['$get'], 200>
type SalesRefusals = InferResponseType<TypedApi['gold-estates']['sync-refusals']['$get'], 200>

// Refused pushes and idempotency records are kept only as long as someone needs them: a
// person's refusals with their values for 30 days (at most SYNC_REFUSALS_PER_PERSON of
// them), an Idempotency-Key as long as the offline queue may still replay its call.

let server: TestServer
let root: Client
let user: Client
let colleague: Client
let otherUser: Client
let file: Database.Database
let otherFile: Database.Database

const DAY_MS = 24 * 60 * 60 * 1000

/** A new user document a USER may not create: the push refuses it. */
const newUser = (name: string) => ({
  id: uuidv7(),
  name,
  email: `${uuidv7()}@example.com`,
  role: 'USER',
  status: 'active',
  _deleted: false,
})

/** Pushes documents that are all refused; answers their ids. */
async function pushRefused(client: Client, documents: Record<string, unknown>[]) {
  const answer = await client.post('/api/sync/v1/users/push', {
    rows: documents.map((document) => ({ newDocumentState: document })),
  })
  expect(answer.status).toBe(200)
  expect((answer.json as Pushed).refused).toHaveLength(documents.length)
  return documents.map((document) => document.id as string)
}

async function listOwn(client: Client) {
  const answer = await typedClient(server.url, client.cookies)['sync-refusals'].$get({ query: {} })
  expect(answer.status).toBe(200)
  return answer.json()
}

/** Makes the rows look `days` old, as if written then. */
function age(db: Database.Database, table: string, column: string, ids: string[], days: number) {
  const update = db.prepare(`UPDATE ${table} SET created_at = ? WHERE ${column} = ?`)
  for (const id of ids) update.run(Date.now() - days * DAY_MS, id)
}

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  user = await signInInvitedUser(server, { email: 'ursula@example.com', role: 'USER' })
  colleague = await signInInvitedUser(server, { email: 'cor@example.com', role: 'USER' })
  otherUser = await signInAtNewOrganisation(server, 'org-b', 'USER', 'bea@b.example')
  file = openOrganisationFile(server.dataDir)
  otherFile = openOrganisationFile(server.dataDir, 'org-b')
})
afterAll(async () => {
  file.close()
  otherFile.close()
  await server.close()
})

describe('what a refusal keeps', () => {
  test('only the writable fields the person wrote, not the whole document', async () => {
    const document = { ...newUser('Nieuwe Naam'), seq: 7, passwordHash: 'x'.repeat(50_000) }
    const [id] = await pushRefused(user, [document])
    const row = file.prepare('SELECT payload FROM sync_queue WHERE entity_id = ?').get(id) as {
      payload: string
    }
    expect(Object.keys(JSON.parse(row.payload)).sort()).toEqual(['email', 'name', 'role', 'status'])
    const listed = (await listOwn(user)).find((item) => item.entityId === id)
    expect(listed?.values).toEqual({
      name: 'Nieuwe Naam',
      email: document.email,
      role: 'USER',
      status: 'active',
    })
  })

  test('a huge value is cut to the bound, the others kept', async () => {
    const [id] = await pushRefused(user, [newUser('N'.repeat(600_000))])
    const row = file.prepare('SELECT payload FROM sync_queue WHERE entity_id = ?').get(id) as {
      payload: string
    }
    expect(row.payload.length).toBeLessThanOrEqual(REFUSED_VALUES_MAX_CHARS + 100)
    const values = (await listOwn(user)).find((item) => item.entityId === id)?.values
    expect(String(values?.name)).toMatch(/^N{1000,}$/)
    expect(values).toMatchObject({ role: 'USER', status: 'active' })
  })
})

describe("one person's flood stays bounded", () => {
  test(`a USER pushing 300 refused writes keeps the newest ${SYNC_REFUSALS_PER_PERSON}; a colleague's stay`, async () => {
    const [colleagues] = await pushRefused(colleague, [newUser('Van Cor')])
    const pushed: string[] = []
    for (let batch = 0; batch < 6; batch++) {
      pushed.push(
        ...(await pushRefused(
          user,
          Array.from({ length: 50 }, () => newUser('Vloed')),
        )),
      )
    }
    const stored = file
      .prepare(
        "SELECT count(*) AS n FROM sync_queue WHERE user_id = (SELECT id FROM users WHERE email = 'ursula@example.com')",
      )
      .get() as { n: number }
    expect(stored.n).toBe(SYNC_REFUSALS_PER_PERSON)
    const listed = (await listOwn(user)).map((item) => item.entityId)
    expect(listed).toEqual(pushed.slice(-SYNC_REFUSALS_PER_PERSON).reverse())
    expect((await listOwn(colleague)).map((item) => item.entityId)).toEqual([colleagues])
  })
})

test("a SELLER's flood of refused sales stays bounded too, in the sales area's list", async () => {
  expect((await root.post('/api/admin/launch-gold-estates')).status).toBe(200)
  const created = await root.post('/api/gold-estates/sellers', {
    name: 'Sanne Setter',
    email: 'sanne@example.com',
  })
  const seller = await signInSeller(server, root, {
    id: (created.json as Seller).id,
    email: 'sanne@example.com',
    role: 'SELLER',
  })
  // A sale of a project that does not exist, with a value far beyond what the form takes.
  const sale = () => ({
    id: uuidv7(),
    projectId: 'bestaat-niet',
    clientName: 'Klant',
    costsDescription: 'x'.repeat(10_000),
    _deleted: false,
  })
  for (let batch = 0; batch < 3; batch++) {
    const answer = await seller.post('/api/sync/v1/sales/push', {
      rows: Array.from({ length: 50 }, () => ({ newDocumentState: sale() })),
    })
    expect((answer.json as Pushed).refused).toHaveLength(50)
  }
  const listed = await seller.get('/api/gold-estates/sync-refusals')
  expect(listed.json as SalesRefusals).toHaveLength(SYNC_REFUSALS_PER_PERSON)
  const stored = file
    .prepare(
      "SELECT count(*) AS n, max(length(payload)) AS longest FROM sync_queue WHERE entity = 'sales'",
    )
    .get() as { n: number; longest: number }
  expect(stored.n).toBe(SYNC_REFUSALS_PER_PERSON)
  expect(stored.longest).toBeLessThanOrEqual(REFUSED_VALUES_MAX_CHARS + 100)
})

describe('the pruning job', () => {
  test("a kept mail's body (no mail server) is erased once every link in it has expired; the row stays listed", async () => {
    // Two reset mails, kept: no SMTP_URL.
    for (const email of ['ursula@example.com', 'cor@example.com']) {
      const asked = await createClient(server.url).post('/api/auth/forgot-password', { email })
      expect(asked.status).toBe(202)
    }
    const system = openSystemFile(server.dataDir)
    try {
      const readKept = () =>
        system
          .prepare("SELECT id FROM mail_outbox WHERE status = 'kept' ORDER BY created_at")
          .all() as { id: string }[]
      // The answer comes before the mail is queued (it says nothing of the address).
      await expect.poll(() => readKept().length).toBeGreaterThan(1)
      const kept = readKept()
      const [old, young] = kept as [{ id: string }, { id: string }]
      const at = (days: number) => Date.now() - days * DAY_MS
      const setCreated = system.prepare('UPDATE mail_outbox SET created_at = ? WHERE id = ?')
      setCreated.run(Date.now() - KEPT_MAIL_BODY_MS - DAY_MS, old.id)
      setCreated.run(at(KEPT_MAIL_BODY_MS / DAY_MS - 1), young.id)
      await pruneKeptRecords(server.deps)
      const outbox = await root.get('/api/admin/outbox')
      expect(outbox.status).toBe(200)
      const shown = (id: string) => (outbox.json as Outbox).mails.find((mail) => mail.id === id)
      expect(shown(old.id)).toMatchObject({ html: null } satisfies PartOf<Outbox['mails'][number]>)
      expect(shown(old.id)?.subject).toBeTruthy()
      expect(shown(young.id)?.html).toContain('<')
      const content = system.prepare('SELECT content FROM mail_outbox WHERE id = ?')
      expect(content.get(old.id)).toEqual({ content: null })
    } finally {
      system.close()
    }
  })

  test('refusals older than 30 days are gone after it runs; newer ones still list with their values', async () => {
    const [old, young] = await pushRefused(colleague, [newUser('Oud'), newUser('Jong')])
    const [otherOld, otherYoung] = await pushRefused(otherUser, [
      newUser('Oud B'),
      newUser('Jong B'),
    ])
    age(file, 'sync_queue', 'entity_id', [old as string], SESSION_MAX_AGE_MS / DAY_MS + 1)
    age(file, 'sync_queue', 'entity_id', [young as string], SESSION_MAX_AGE_MS / DAY_MS - 1)
    age(otherFile, 'sync_queue', 'entity_id', [otherOld as string], 31)
    await pruneKeptRecords(server.deps)
    const listed = await listOwn(colleague)
    expect(listed.map((item) => item.entityId)).not.toContain(old)
    expect(listed.find((item) => item.entityId === young)?.values).toMatchObject({ name: 'Jong' })
    const countOf = (db: Database.Database, id: string | undefined) =>
      (
        db.prepare('SELECT count(*) AS n FROM sync_queue WHERE entity_id = ?').get(id) as {
          n: number
        }
      ).n
    expect(countOf(file, old)).toBe(0)
    expect(countOf(otherFile, otherOld)).toBe(0)
    expect((await listOwn(otherUser)).map((item) => item.entityId)).toEqual([otherYoung])
  })

  test('idempotency records older than the offline queue keeps a call are gone; a newer one still answers its replay', async () => {
    const create = (key: string, name: string) =>
      root.post(
        '/api/app-connections',
        { name, url: 'https://app.example.com' },
        {
          'idempotency-key': key,
        },
      )
    const first = await create('key-young', 'Jonge App')
    expect(first.status).toBe(201)
    expect((await create('key-old', 'Oude App')).status).toBe(201)
    age(file, 'idempotency_keys', 'key', ['key-old'], 32)
    age(file, 'idempotency_keys', 'key', ['key-young'], 29)
    await pruneKeptRecords(server.deps)
    const keys = file.prepare('SELECT key FROM idempotency_keys').all() as { key: string }[]
    expect(keys.map((row) => row.key)).toContain('key-young')
    expect(keys.map((row) => row.key)).not.toContain('key-old')
    const replay = await create('key-young', 'Jonge App')
    expect(replay.json).toEqual(first.json)
    const apps = await (
      await typedClient(server.url, root.cookies)['app-connections'].$get()
    ).json()
    expect(apps.filter((app) => app.name === 'Jonge App')).toHaveLength(1)
  })

  test('100,000 old records are pruned in small batches: requests are answered meanwhile', async () => {
    const insert = file.prepare(
      "INSERT INTO idempotency_keys (key, user_id, method, path, status, response, created_at) VALUES (?, 'u', 'POST', '/api/x', 201, '{}', ?)",
    )
    const old = Date.now() - 40 * DAY_MS
    file.transaction(() => {
      for (let index = 0; index < 100_000; index++) insert.run(`bulk-${index}`, old)
    })()
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    const started = performance.now()
    let prunedAt = Number.POSITIVE_INFINITY
    const pruning = pruneKeptRecords(server.deps).then((deleted) => {
      prunedAt = performance.now()
      return deleted
    })
    // Asked once the job has started, answered long before it ends.
    const health = await createClient(server.url).get('/api/health')
    const answeredAt = performance.now()
    const deleted = await pruning
    delay.disable()
    console.log(
      `pruned ${deleted} rows in ${Math.round(prunedAt - started)} ms; /api/health answered after ${Math.round(answeredAt - started)} ms; event-loop delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
    )
    expect(health.status).toBe(200)
    expect(answeredAt).toBeLessThan(prunedAt)
    expect(deleted).toBeGreaterThanOrEqual(100_000)
    const left = file.prepare("SELECT count(*) AS n FROM idempotency_keys WHERE key LIKE 'bulk-%'")
    expect((left.get() as { n: number }).n).toBe(0)
  })
})
