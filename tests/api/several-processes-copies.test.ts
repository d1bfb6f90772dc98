import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { startS3StandIn } from '../support/s3-stand-in.ts'
import { startServerProcess } from '../support/server-process.ts'

// Two server processes on one data directory, sharing a Redis and the same off-machine
// copy settings: each organisation is copied once an interval, by whichever process's
// round comes first, not once per process.

const BUCKET = 'centraal-copies'
const KEY_ID = 'copies-key'

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>
let redis: Awaited<ReturnType<typeof startRedisServer>>
let standIn: Awaited<ReturnType<typeof startS3StandIn>>
let dataDir: string
const processes: ServerProcess[] = []

beforeAll(async () => {
  redis = await startRedisServer()
  standIn = await startS3StandIn({ bucket: BUCKET, accessKeyId: KEY_ID })
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-test-'))
}, 60_000)
afterAll(async () => {
  await Promise.all(processes.map((process) => process.close()))
  await Promise.all([redis?.close(), standIn?.close()])
  rmSync(dataDir, { recursive: true, force: true })
})

test('a round in each process copies each organisation and the system file once within the interval', async () => {
  const settings = {
    REDIS_URL: redis.url,
    S3_COPY_BUCKET: BUCKET,
    S3_COPY_ENDPOINT: standIn.url,
    S3_COPY_FORCE_PATH_STYLE: 'true',
    S3_COPY_INTERVAL_SECONDS: '3600',
    AWS_ACCESS_KEY_ID: KEY_ID,
    AWS_SECRET_ACCESS_KEY: 'copies-secret',
    // The rounds' ends are read from the info log.
    LOG_LEVEL: 'info',
  }
  // One after the other: the first applies the migrations the second then finds done.
  processes.push(await startServerProcess(dataDir, { settings: { ...settings, NODE_ID: 'a' } }))
  await signInFirstSuperadmin(processes[0]!)
  processes.push(await startServerProcess(dataDir, { settings: { ...settings, NODE_ID: 'b' } }))
  const rounds = () => processes.flatMap((process) => process.linesWith('copy round done'))
  await expect.poll(() => rounds().length, { interval: 50, timeout: 30_000 }).toBe(2)
  const copied = rounds().map((line) => JSON.parse(line.slice(line.indexOf('{'))).copied)
  // The system file and the organisation, both by the first round's process.
  expect(copied.sort()).toEqual([0, 2])
  expect(standIn.keys('centraal/default-org/')).toHaveLength(1)
  expect(standIn.keys('centraal/_system/')).toHaveLength(1)
  expect(standIn.state.requests.filter((request) => request.method === 'PUT')).toHaveLength(2)
}, 90_000)
