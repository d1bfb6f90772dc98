import { afterAll, beforeAll, expect, test } from 'vitest'
import { createRedisBackupScheduleRelay } from '#server/cluster/redis-backup-schedule-relay'
import { connectRedis, type RedisConnection } from '#server/cluster/redis-connection'
import type { Logger } from '#server/logger'
import { eventually } from '../support/eventually.ts'
import { startRedisServer } from '../support/redis-server.ts'

// The relay of backup schedule changes between server processes (Debian's redis-server):
// a change published by one is heard by the others, naming the organisation, and not by
// itself; after Redis was away the subscription takes hold again and says so, so that the
// processes read again what they may have missed.

let redis: Awaited<ReturnType<typeof startRedisServer>>
// Two connections stand for two server processes.
let here: RedisConnection
let there: RedisConnection
const log: Logger = { info: () => undefined, error: () => undefined }
const errors: unknown[] = []

const relayOf = (connection: RedisConnection, nodeId: string) =>
  createRedisBackupScheduleRelay(connection, { nodeId, onError: (error) => errors.push(error) })

beforeAll(async () => {
  redis = await startRedisServer()
  here = connectRedis(redis.url, log)
  there = connectRedis(redis.url, log)
})
afterAll(async () => {
  await Promise.all([here?.close(), there?.close()])
  await redis?.close()
})

test('a change published by one process is heard by the others, not by itself', async () => {
  const heardHere: string[] = []
  const heardThere: string[] = []
  let subscribed = 0
  const stopHere = relayOf(here, 'a').subscribe({
    onChange: (organisationId) => heardHere.push(organisationId),
    onSubscribed: () => subscribed++,
  })
  const stopThere = relayOf(there, 'b').subscribe({
    onChange: (organisationId) => heardThere.push(organisationId),
    onSubscribed: () => subscribed++,
  })
  await eventually(() => expect(subscribed).toBe(2))
  relayOf(here, 'a').publish('org-1')
  relayOf(there, 'b').publish('org-2')
  await eventually(() => expect([heardHere, heardThere]).toEqual([['org-2'], ['org-1']]))
  // Another channel's message (the change relay's) is not a schedule change.
  await here.commands.publish('centraal:changed:org-3', 'a')
  relayOf(here, 'a').publish('org-4')
  await eventually(() => expect(heardThere).toEqual(['org-1', 'org-4']))
  stopHere()
  stopThere()
  expect(errors).toEqual([])
})

test('after Redis was away the subscription takes hold again, and changes are heard again', async () => {
  const heard: string[] = []
  let subscribed = 0
  const stop = relayOf(there, 'b').subscribe({
    onChange: (organisationId) => heard.push(organisationId),
    onSubscribed: () => subscribed++,
  })
  await eventually(() => expect(subscribed).toBe(1))
  await redis.close()
  redis = await startRedisServer(redis.port)
  // Said again once the listening connection is back, when a missed change can be read.
  await eventually(() => expect(subscribed).toBeGreaterThanOrEqual(2))
  // Published again on every try until one is heard: the publishing connection may still be
  // reconnecting, and a change published meanwhile is gone.
  await eventually(() => {
    relayOf(here, 'a').publish('org-5')
    expect(heard).toContain('org-5')
  })
  stop()
})
