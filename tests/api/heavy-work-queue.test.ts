import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  HEAVY_WORK_BUSY_MESSAGE,
  ORGANISATION_BUSY_MESSAGE,
} from '#server/heavy-work/heavy-work-queue'
import { signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { signInNewOrganisationOwner } from '../support/api-organisations.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, cookieOf } from '../support/http.ts'
import { quietPeriod } from '../support/quiet-period.ts'
import { seedSales } from '../support/seed-organisation.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, TypedApi } from '../support/typed-client.ts'

// Heavy work waits its turn instead of hearing 429: one job runs at a time (in a worker
// thread), the others wait in a bounded queue and each organisation can ask its place; a
// caller who goes away leaves the queue; and while a large restore runs in the worker, the
// request thread keeps answering everyone else.

let server: TestServer
let root: Client
/** The default organisation's sales, restored while others ask the server for things. */
const SALES = 20_000
const clients: Record<'b' | 'c', Client> = {} as never

/** A backup download as a bare fetch, so the test can tell when it is answered or abort it. */
const requestBackup = (client: Client, signal?: AbortSignal) =>
  fetch(`${server.url}/api/admin/backup`, {
    method: 'POST',
    headers: { cookie: cookieOf(client), 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ format: 'json' }),
    signal,
  })

const placeOf = async (client: Client) => {
  const answer: InferResponseType<TypedApi['heavy-work']['place']['$get'], 200> = (
    await client.get('/api/heavy-work/place')
  ).json
  return answer.place
}

/**
 * Whether `promise` has settled within a window: used only to prove that a job waits (a
 * negative; its place in the queue is the positive side, asked before), so a fixed window
 * is what is meant.
 */
async function isSettled(promise: Promise<unknown>) {
  let settled = false
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  )
  await quietPeriod(300, 'a waiting job must not be answered while the slot is taken')
  return settled
}

beforeAll(async () => {
  // One waiting job beside the running one, so the bound is reached with three organisations.
  server = await startTestServer({ HEAVY_WORK_MAX_WAITING: '1' })
  // Written before anyone connects: the seconds it blocks would outlast keep-alive sockets.
  seedSales(server.deps.organisations.get('default-org'), 'default-org', SALES)
  root = await signInFirstSuperadminWithGoldEstates(server)
  for (const key of ['b', 'c'] as const) {
    clients[key] = await signInNewOrganisationOwner(server, `org-${key}`, `super@${key}.example`)
    expect((await clients[key].post('/api/admin/launch-gold-estates')).status).toBe(200)
  }
}, 60_000)
afterAll(() => server?.close())

describe('heavy work waits its turn', () => {
  test("a second organisation's backup waits with place 2 and is answered after the first job; a third beyond the bound hears 429", async () => {
    // The default organisation's job runs (as a restore or import elsewhere would).
    const release = await server.deps.heavyWork.take('default-org')
    let waiting: Promise<Response> | undefined
    try {
      expect(await placeOf(root)).toBe(1)
      expect(await placeOf(clients.b)).toBeNull()
      waiting = requestBackup(clients.b)
      await expect.poll(() => placeOf(clients.b), { interval: 50, timeout: 10_000 }).toBe(2)
      expect(await placeOf(root)).toBe(1)
      expect(await isSettled(waiting)).toBe(false)

      const beyond = await clients.c.post('/api/admin/backup', { format: 'json' })
      expect(beyond.status).toBe(429)
      expect(beyond.headers.get('retry-after')).toBe('15')
      expect((beyond.json as ErrorAnswer).message).toBe(HEAVY_WORK_BUSY_MESSAGE)
      expect(await placeOf(clients.c)).toBeNull()
      // A second job of a waiting organisation is refused too, before its upload is read.
      const again = await clients.b.post('/api/admin/restore', {})
      expectRefusal(again, 429, ORGANISATION_BUSY_MESSAGE)
      expect(await isSettled(waiting)).toBe(false)
    } finally {
      release()
    }
    const answer = await waiting
    expect(answer.status).toBe(200)
    expect(JSON.parse(await answer.text())).toMatchObject({ organisation: { id: 'org-b' } })
    expect(await placeOf(clients.b)).toBeNull()
    expect(server.deps.heavyWork.isBusy()).toBe(false)
  }, 30_000)

  test('a waiting request whose caller goes away leaves the queue, and the next one takes its room', async () => {
    const release = await server.deps.heavyWork.take('default-org')
    let next: Promise<Response> | undefined
    try {
      const leaving = new AbortController()
      const gone = requestBackup(clients.b, leaving.signal).catch((error: Error) => error)
      await expect.poll(() => placeOf(clients.b), { interval: 50, timeout: 10_000 }).toBe(2)
      leaving.abort()
      expect(await gone).toBeInstanceOf(Error)
      await expect.poll(() => placeOf(clients.b), { interval: 50, timeout: 10_000 }).toBeNull()
      // The bound is one waiting job: org C fits only because org B left.
      next = requestBackup(clients.c)
      await expect.poll(() => placeOf(clients.c), { interval: 50, timeout: 10_000 }).toBe(2)
    } finally {
      release()
    }
    const answer = await next
    expect(answer.status).toBe(200)
    // A download keeps its turn until it is read.
    expect(JSON.parse(await answer.text())).toMatchObject({ organisation: { id: 'org-c' } })
    expect(server.deps.heavyWork.isBusy()).toBe(false)
  }, 30_000)
})

describe('the request thread is free while a restore runs in the worker', () => {
  test("another organisation's requests, a write among them, are answered before a large restore is", async () => {
    const backup = await root.post('/api/admin/backup', { format: 'json' })
    expect(backup.status).toBe(200)
    const order: string[] = []
    const restoring = root
      .request('POST', '/api/admin/restore', backup.text, { 'content-type': 'application/json' })
      .then((answer) => {
        order.push('restore')
        return answer
      })
    // The restore has arrived and holds the turn: its work runs in the worker now.
    await expect
      .poll(() => server.deps.heavyWork.placeOf('default-org'), { interval: 10, timeout: 20_000 })
      .toBe(1)
    const health = await fetch(`${server.url}/api/health`)
    order.push('health')
    const project = await clients.b.post('/api/gold-estates/projects', { name: 'Tijdens restore' })
    order.push('write')
    // The restoring organisation's own write is answered at once too: done before the
    // worker took the file's write lock, or refused with 503 while it holds it, never left
    // waiting on the request thread.
    const own = await root.post('/api/app-connections', {
      name: 'Tijdens eigen restore',
      url: 'https://tijdens.example.com',
    })
    order.push('own write')
    expect(health.status).toBe(200)
    expect(project.status).toBe(201)
    expect([201, 503]).toContain(own.status)
    if (own.status === 503) expect(own.headers.get('retry-after')).toBe('5')
    const restored = await restoring
    expect(restored.status).toBe(200)
    const summary: InferResponseType<TypedApi['admin']['restore']['$post'], 200> = restored.json
    expect(summary.tables.sales).toBe(SALES)
    expect(order).toEqual(['health', 'write', 'own write', 'restore'])
    // The request thread's cached connection reads what the worker wrote.
    const db = server.deps.organisations.get('default-org').$client
    expect(db.prepare('select count(*) from sales where deleted = 0').pluck().get()).toBe(SALES)
    const file = openOrganisationFile(server.dataDir)
    expect(file.prepare('select count(*) from commissions').pluck().get()).toBe(SALES * 3)
    file.close()
  }, 120_000)
})
