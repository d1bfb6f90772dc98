import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { generateToken, hashToken } from '#server/auth/tokens'
import { connectRedis, type RedisConnection } from '#server/cluster/redis-connection'
import { createRedisTokens } from '#server/cluster/redis-expiring-tokens'
import type { Logger } from '#server/logger'
import { eventually } from '../support/eventually.ts'
import { startRedisServer } from '../support/redis-server.ts'

// The store of values waiting for a token in the Redis that server processes share
// (Debian's redis-server): under the token's hash, with the kind's ttl, within the
// kind's cap, taken once across processes, and in memory while Redis cannot serve.

const FlowSchema = z.object({ state: z.string(), verifier: z.string() })
const flow = (index: number) => ({ state: `state-${index}`, verifier: `verifier-${index}` })

let redis: Awaited<ReturnType<typeof startRedisServer>>
// Two connections stand for two server processes.
let here: RedisConnection
let there: RedisConnection
const lines: string[] = []
const log: Logger = {
  info: (message) => lines.push(`info ${message}`),
  error: (message) => lines.push(`error ${message}`),
}

beforeAll(async () => {
  redis = await startRedisServer()
  here = connectRedis(redis.url, log)
  there = connectRedis(redis.url, log)
  // Until then a store keeps its values in memory, as while Redis is away.
  await eventually(() =>
    expect([here.commands.status, there.commands.status]).toEqual(['ready', 'ready']),
  )
})
afterAll(async () => {
  await Promise.all([here?.close(), there?.close()])
  await redis?.close()
})

const storeOf = (
  connection: RedisConnection,
  name: string,
  options: { ttlMs?: number; max?: number } = {},
) =>
  createRedisTokens(
    connection.commands,
    { name, ttlMs: options.ttlMs ?? 60_000, max: options.max ?? 100, schema: FlowSchema },
    log,
  )

test("a value waits under its token's hash, as JSON with the kind's ttl, and another process reads it", async () => {
  const token = await storeOf(here, 'shape').add(flow(1))
  const keys = await here.commands.keys('centraal:token:shape:*')
  expect(keys).toEqual([`centraal:token:shape:${hashToken(token)}`])
  const stored = await here.commands.get(keys[0] ?? '')
  expect(JSON.parse(stored ?? '')).toEqual(flow(1))
  const ttl = await here.commands.pttl(keys[0] ?? '')
  expect(ttl).toBeGreaterThan(0)
  expect(ttl).toBeLessThanOrEqual(60_000)
  // The token itself is in no key and no value.
  for (const key of await here.commands.keys('centraal:*')) {
    expect(key).not.toContain(token)
    if ((await here.commands.type(key)) === 'string') {
      expect(await here.commands.get(key)).not.toContain(token)
    }
  }
  expect(await storeOf(there, 'shape').peek(token)).toEqual(flow(1))
})

test('a token is taken once: of two processes taking it at the same moment, one gets the value', async () => {
  const mine = storeOf(here, 'take-once')
  const theirs = storeOf(there, 'take-once')
  for (let round = 0; round < 20; round++) {
    const token = await mine.add(flow(round))
    const taken = await Promise.all([mine.take(token), theirs.take(token)])
    expect(taken.filter((value) => value !== undefined)).toEqual([flow(round)])
    expect(await mine.peek(token)).toBeUndefined()
    expect(await theirs.take(token)).toBeUndefined()
  }
})

test('a value is gone once its ttl has passed, its key with it', async () => {
  const store = storeOf(here, 'expiry', { ttlMs: 300 })
  const token = await store.add(flow(1))
  expect(await storeOf(there, 'expiry', { ttlMs: 300 }).peek(token)).toEqual(flow(1))
  await eventually(async () => expect(await store.peek(token)).toBeUndefined(), 5000)
  expect(await store.take(token)).toBeUndefined()
  expect(await here.commands.exists(`centraal:token:expiry:${hashToken(token)}`)).toBe(0)
})

test('past the cap the oldest go first, so a kind never holds more than its cap; a taken value frees its place', async () => {
  const store = storeOf(here, 'cap', { max: 3 })
  const other = storeOf(there, 'cap', { max: 3 })
  const tokens = [await store.add(flow(0)), await other.add(flow(1)), await store.add(flow(2))]
  expect(await store.take(tokens[1] ?? '')).toEqual(flow(1))
  // Room for one more without losing anyone.
  tokens.push(await other.add(flow(3)))
  expect(await store.peek(tokens[0] ?? '')).toEqual(flow(0))
  for (let index = 4; index < 8; index++) tokens.push(await store.add(flow(index)))
  const kept = await Promise.all(tokens.map((token) => store.peek(token)))
  expect(kept).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    flow(5),
    flow(6),
    flow(7),
  ])
  expect(await here.commands.keys('centraal:token:cap:*')).toHaveLength(3)
  expect(await here.commands.zcard('centraal:tokens:cap')).toBe(3)
})

test('a made-up token, and a stored value of another shape, are unknown', async () => {
  const store = storeOf(here, 'unknown')
  expect(await store.peek(generateToken())).toBeUndefined()
  expect(await store.take(generateToken())).toBeUndefined()
  const planted = generateToken()
  await here.commands.set(`centraal:token:unknown:${hashToken(planted)}`, '{"state":1}')
  expect(await store.peek(planted)).toBeUndefined()
  const garbled = generateToken()
  await here.commands.set(`centraal:token:unknown:${hashToken(garbled)}`, 'not json')
  expect(await store.take(garbled)).toBeUndefined()
})

test('while Redis refuses writes, values wait in memory, taken once, the failure said once; then Redis again', async () => {
  const store = storeOf(here, 'refused')
  const before = await store.add(flow(0))
  lines.length = 0
  await there.commands.config('SET', 'maxmemory', '1')
  try {
    const tokens = [await store.add(flow(1)), await store.add(flow(2))]
    expect(await here.commands.exists(`centraal:token:refused:${hashToken(tokens[0] ?? '')}`)).toBe(
      0,
    )
    expect(await store.peek(tokens[0] ?? '')).toEqual(flow(1))
    expect(await store.take(tokens[1] ?? '')).toEqual(flow(2))
    expect(await store.take(tokens[1] ?? '')).toBeUndefined()
    // What Redis held before stays readable there.
    expect(await store.peek(before)).toEqual(flow(0))
    expect(lines).toEqual(['error redis failed: waiting values are kept in memory'])
  } finally {
    await there.commands.config('SET', 'maxmemory', '0')
  }
  const again = await store.add(flow(3))
  expect(await storeOf(there, 'refused').take(again)).toEqual(flow(3))
  expect(lines).toEqual([
    'error redis failed: waiting values are kept in memory',
    'info waiting values are kept in redis again',
  ])
})

test('while Redis is away, values wait in memory and sign-in steps go on; the loss is said once per connection', async () => {
  const store = storeOf(here, 'away')
  const before = await store.add(flow(0))
  lines.length = 0
  await redis.close()
  await eventually(() => expect(here.commands.status).not.toBe('ready'))
  const tokens = [await store.add(flow(1)), await store.add(flow(2))]
  expect(await store.peek(tokens[0] ?? '')).toEqual(flow(1))
  expect(await store.take(tokens[0] ?? '')).toEqual(flow(1))
  expect(await store.take(tokens[0] ?? '')).toBeUndefined()
  expect(await store.take(tokens[1] ?? '')).toEqual(flow(2))
  // A value Redis held is out of reach: that step starts again.
  expect(await store.take(before)).toBeUndefined()
  expect(await store.take(generateToken())).toBeUndefined()
  // Said by each connection (two per process) when it is lost, not at every operation.
  const lost = () => lines.filter((line) => line.startsWith('error redis unreachable'))
  await eventually(() => expect(lost()).toHaveLength(4))
  await store.add(flow(3))
  expect(lost()).toHaveLength(4)
})
