import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { getOrganisationRoute, ROUTING_COOKIE } from '#server/auth/routing-cookie'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { startHaproxy } from '../support/haproxy.ts'
import { type Client, cookieOf, createClient } from '../support/http.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { startServerProcess } from '../support/server-process.ts'
import { openEventStream, waitFor } from '../support/sse.ts'
import type { TypedApi } from '../support/typed-client.ts'

// Two server processes on one data directory, a Redis and HAProxy in front (Debian's
// packages, with the configuration of `npm run start:cluster`): an organisation's requests
// reach one process, a change written through the other reaches its device, and when its
// process is killed the organisation answers through the other with no answered write lost.

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>

let redis: Awaited<ReturnType<typeof startRedisServer>>
let haproxy: Awaited<ReturnType<typeof startHaproxy>>
let dataDir: string
const processes = new Map<string, ServerProcess>()
let root: Client

beforeAll(async () => {
  redis = await startRedisServer()
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-test-'))
  // One after the other: the first applies the migrations the second then finds done.
  for (const name of ['a', 'b']) {
    const settings = { REDIS_URL: redis.url, NODE_ID: name, TRUST_PROXY: 'true' }
    processes.set(name, await startServerProcess(dataDir, { settings }))
  }
  haproxy = await startHaproxy([...processes].map(([name, { url }]) => ({ name, url })))
  root = await signInFirstSuperadmin(haproxy)
}, 60_000)
afterAll(async () => {
  await haproxy?.close()
  await Promise.all([...processes.values()].map((server) => server.close()))
  await redis?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Requests HAProxy sent to each process while `act` ran. */
async function countRouted(act: () => Promise<void>) {
  const before = await haproxy.readServers()
  await act()
  const after = await haproxy.readServers()
  return Object.fromEntries(
    [...after].map(([name, { requests }]) => [name, requests - (before.get(name)?.requests ?? 0)]),
  )
}

/** The process HAProxy sends the default organisation's requests to, and the other one. */
async function findPlacement() {
  const routed = await countRouted(async () => {
    for (let i = 0; i < 10; i++) expect((await root.get('/api/auth/user')).status).toBe(200)
  })
  const home = Object.keys(routed).find((name) => routed[name] === 10)
  const other = [...processes.keys()].find((name) => name !== home)
  if (!home || !other) throw new Error(`not one process: ${JSON.stringify(routed)}`)
  return { home, other }
}

test("the routing cookie sends all of an organisation's requests to one process", async () => {
  expect(root.cookies.get(ROUTING_COOKIE)).toBe(getOrganisationRoute(DEFAULT_ORGANISATION_ID))
  const routed = await countRouted(async () => {
    for (let i = 0; i < 20; i++) expect((await root.get('/api/app-connections')).status).toBe(200)
  })
  expect(Object.values(routed).sort((x, y) => x - y)).toEqual([0, 20])
})

test('a change written through the other process reaches a device connected through HAProxy', async () => {
  const { other } = await findPlacement()
  const device = await openEventStream(`${haproxy.url}/api/sync/v1/stream`, cookieOf(root))
  try {
    expect(device.status).toBe(200)
    await waitFor(() => device.messages.length >= 1)
    const elsewhere = createClient(processes.get(other)?.url ?? '')
    for (const [name, value] of root.cookies) elsewhere.cookies.set(name, value)
    const created = await elsewhere.post('/api/app-connections', {
      name: 'Via de ander',
      url: 'https://ander.example.com',
    })
    expect(created.status, created.text).toBe(201)
    await waitFor(() => device.messages.length >= 2, 5000)
    expect(device.messages[1]).toEqual({
      type: 'CHANGE',
      collections: expect.arrayContaining(['appConnections']),
    })
  } finally {
    await device.close()
  }
})

test("a forged routing cookie reaches a process but none of the organisation's data", async () => {
  const forger = createClient(haproxy.url)
  forger.cookies.set(ROUTING_COOKIE, getOrganisationRoute(DEFAULT_ORGANISATION_ID))
  expect((await forger.get('/api/app-connections')).status).toBe(401)
  expect((await forger.get('/api/auth/user')).status).toBe(401)
  const stream = await openEventStream(`${haproxy.url}/api/sync/v1/stream`, cookieOf(forger))
  expect(stream.status).toBe(401)
  await stream.close()
})

test('a process killed (SIGKILL) while writes go on: the organisation answers through the other, no answered write is lost, the device reconnects', async () => {
  const { home } = await findPlacement()
  const device = await openEventStream(`${haproxy.url}/api/sync/v1/stream`, cookieOf(root))
  expect(device.status).toBe(200)
  await waitFor(() => device.messages.length >= 1)

  const answered: string[] = []
  const refused: number[] = []
  let killedAt = 0
  let answeredAgainAt = 0
  const write = async (index: number) => {
    const name = `Schrijf ${index}`
    const response = await root
      .post('/api/app-connections', { name, url: `https://w${index}.example.com` })
      .catch(() => ({ status: 0 }))
    if (response.status === 201) {
      answered.push(name)
      if (killedAt && !answeredAgainAt) answeredAgainAt = Date.now()
    } else refused.push(response.status)
  }
  // One writer goes on the whole time, so the kill can fall while a write is in flight.
  let isWriting = true
  const writing = (async () => {
    for (let index = 0; isWriting; index++) await write(index)
  })()
  await waitFor(() => answered.length >= 20, 10_000)
  const killing = processes.get(home)?.kill()
  killedAt = Date.now()
  await killing
  processes.delete(home)
  // Until the organisation has answered again, then ten more answered writes.
  await waitFor(() => answeredAgainAt > 0, 30_000).catch(() => undefined)
  const afterwards = answered.length
  await waitFor(() => answered.length >= afterwards + 10, 10_000).catch(() => undefined)
  isWriting = false
  await writing

  expect(answeredAgainAt, `answers after the kill; refused: ${refused}`).toBeGreaterThan(0)
  console.log(
    `failover after SIGKILL: answered again in ${answeredAgainAt - killedAt} ms; ` +
      `${answered.length} writes answered 201, ${refused.length} refused (${refused.join(', ')})`,
  )
  const listed = await root.get('/api/app-connections')
  expect(listed.status).toBe(200)
  const connections: InferResponseType<TypedApi['app-connections']['$get'], 200> = listed.json
  const present = new Set(connections.map((item) => item.name))
  expect(answered.filter((name) => !present.has(name))).toEqual([])

  // The device's stream ended with its process; it connects again, to the other.
  await device.ended
  const again = await openEventStream(`${haproxy.url}/api/sync/v1/stream`, cookieOf(root))
  try {
    expect(again.status).toBe(200)
    await waitFor(() => again.messages.length >= 1)
    expect(
      (await root.post('/api/app-connections', { name: 'Na', url: 'https://na.example.com' }))
        .status,
    ).toBe(201)
    await waitFor(() => again.messages.length >= 2, 5000)
    expect(again.messages[1]).toMatchObject({ type: 'CHANGE' })
  } finally {
    await again.close()
  }
}, 60_000)
