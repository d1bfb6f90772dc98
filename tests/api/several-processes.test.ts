import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { attemptRootSignIn, signInFirstSuperadmin } from '../support/accounts.ts'
import { type Client, cookieOf, createClient } from '../support/http.ts'
import { quietPeriod } from '../support/quiet-period.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { startServerProcess } from '../support/server-process.ts'
import { openEventStream, waitFor } from '../support/sse.ts'
import type { TypedApi } from '../support/typed-client.ts'

type Organisation = InferResponseType<TypedApi['organisations']['$post'], 201>
type Invitation = InferResponseType<TypedApi['organisations'][':id']['invite']['$post'], 201>

// Two server processes on one data directory share a Redis (REDIS_URL, Debian's
// redis-server): a change committed through one reaches a device whose event stream the
// other holds, and no other organisation's; the sign-in throttle counts an attacker's
// attempts through both.

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>
type Redis = Awaited<ReturnType<typeof startRedisServer>>

let redis: Redis
let dataDir: string
let first: ServerProcess
let second: ServerProcess
let root: Client

beforeAll(async () => {
  redis = await startRedisServer()
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-test-'))
  // One after the other: the first applies the migrations the second then finds done.
  first = await startServerProcess(dataDir, { settings: { REDIS_URL: redis.url, NODE_ID: 'a' } })
  second = await startServerProcess(dataDir, { settings: { REDIS_URL: redis.url, NODE_ID: 'b' } })
  root = await signInFirstSuperadmin(first)
}, 60_000)
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()])
  await redis?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

test("a change written through one process reaches a stream that the other holds, and that process's own", async () => {
  const there = await openEventStream(`${second.url}/api/sync/v1/stream`, cookieOf(root))
  const here = await openEventStream(`${first.url}/api/sync/v1/stream`, cookieOf(root))
  try {
    expect([there.status, here.status]).toEqual([200, 200])
    await waitFor(() => there.messages.length >= 1 && here.messages.length >= 1)

    const created = await root.post('/api/app-connections', {
      name: 'Webshop',
      url: 'https://shop.example.com',
    })
    expect(created.status).toBe(201)

    const change = { type: 'CHANGE', collections: expect.arrayContaining(['appConnections']) }
    await waitFor(() => there.messages.length >= 2 && here.messages.length >= 2, 5000)
    expect(there.messages[1]).toEqual(change)
    expect(here.messages[1]).toEqual(change)
  } finally {
    await Promise.all([there.close(), here.close()])
  }
})

test("another organisation's stream hears nothing of a change relayed from the other process", async () => {
  const created = await root.post('/api/organisations', { name: 'Tweede BV', slug: 'tweede-bv' })
  expect(created.status).toBe(201)
  const link = await root.post(`/api/organisations/${(created.json as Organisation).id}/invite`, {
    name: 'Bea Tweede',
    email: 'bea@tweede.example',
  })
  expect(link.status).toBe(201)
  const bea = createClient(second.url)
  const token = String((link.json as Invitation).setupUrl).split('/setup/')[1]
  expect((await bea.post(`/api/auth/setup/${token}`, { password: 'bea password' })).status).toBe(
    200,
  )
  const signedIn = await bea.post('/api/auth/login/email', {
    email: 'bea@tweede.example',
    password: 'bea password',
  })
  expect(signedIn.status).toBe(200)
  const theirs = await openEventStream(`${first.url}/api/sync/v1/stream`, cookieOf(bea))
  const ours = await openEventStream(`${first.url}/api/sync/v1/stream`, cookieOf(root))
  try {
    expect([theirs.status, ours.status]).toEqual([200, 200])
    await waitFor(() => theirs.messages.length >= 1 && ours.messages.length >= 1)
    const write = await root.post('/api/app-connections', {
      name: 'Boekhouding',
      url: 'https://boeken.example.com',
    })
    expect(write.status).toBe(201)
    await waitFor(() => ours.messages.length >= 2, 5000)
    // The relay told this process of the default organisation only, so the other
    // organisation's stream stays at its first RESYNC. This stream says only "something
    // changed": a stray message looks like any later one, so a window it is.
    await quietPeriod(200, "the default organisation's change must not reach another's stream")
    expect(theirs.messages).toEqual([{ type: 'RESYNC' }])
  } finally {
    await Promise.all([theirs.close(), ours.close()])
  }
})

test('wrong passwords count across processes: the sixth attempt, through the other, hears 429', async () => {
  for (let attempt = 0; attempt < 5; attempt++) {
    expect((await attemptRootSignIn(first, 'wrong password')).status).toBe(401)
  }
  const blocked = await attemptRootSignIn(second, 'root password')
  expect(blocked.status).toBe(429)
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
})

test('while Redis is away, sign-ins and writes go on, each process counting in its own memory', async () => {
  await redis.close()
  const bea = createClient(second.url)
  const signedIn = await bea.post('/api/auth/login/email', {
    email: 'bea@tweede.example',
    password: 'bea password',
  })
  expect(signedIn.status).toBe(200)
  const write = await root.post('/api/app-connections', {
    name: 'Zonder Redis',
    url: 'https://zonder.example.com',
  })
  expect(write.status).toBe(201)
})
