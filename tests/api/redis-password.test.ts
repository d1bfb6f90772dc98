import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { attemptRootSignIn, signInFirstSuperadmin } from '../support/accounts.ts'
import { startRedisServer } from '../support/redis-server.ts'
import { startServerProcess } from '../support/server-process.ts'

// A Redis that asks a password, with an ACL user (as `npm run start:cluster` starts it):
// REDIS_URL redis://user:password@host:port works across processes; without the password
// Redis answers nothing, and a process given a wrong one says so without naming it.

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>
const USER = { name: 'centraal', password: 'wachtwoord-van-redis-42' }
let redis: Awaited<ReturnType<typeof startRedisServer>>
let dataDir: string
let first: ServerProcess
let second: ServerProcess

beforeAll(async () => {
  redis = await startRedisServer(undefined, { user: USER })
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-test-'))
  first = await startServerProcess(dataDir, { settings: { REDIS_URL: redis.url, NODE_ID: 'a' } })
  second = await startServerProcess(dataDir, { settings: { REDIS_URL: redis.url, NODE_ID: 'b' } })
  await signInFirstSuperadmin(first)
}, 60_000)
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()])
  await redis?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/**
 * What someone who reaches Redis's port hears: `auth` (AUTH's arguments, if any) then
 * `command`, each sent as Redis's inline protocol; the replies as text.
 */
function tryRedis(auth: string[], command: string[]) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(redis.port, '127.0.0.1')
    let replies = ''
    socket.on('data', (chunk) => {
      replies += chunk.toString()
    })
    socket.on('error', reject)
    const lines = [...(auth.length ? [['AUTH', ...auth]] : []), command, ['QUIT']]
    socket.end(lines.map((line) => `${line.join(' ')}\r\n`).join(''))
    socket.on('close', () => resolve(replies))
  })
}

test('the URL is redis://user:password@host:port and the processes share the throttle through it', async () => {
  expect(redis.url).toBe(`redis://centraal:wachtwoord-van-redis-42@127.0.0.1:${redis.port}`)
  for (let attempt = 0; attempt < 5; attempt++) {
    expect((await attemptRootSignIn(first, 'wrong password')).status).toBe(401)
  }
  // Counted in Redis: the other process hears of the five failures.
  expect((await attemptRootSignIn(second, 'root password')).status).toBe(429)
})

test('without the password Redis answers nothing; with it, its administration stays shut', async () => {
  expect(await tryRedis([], ['KEYS', '*'])).toMatch(/^-NOAUTH/)
  // The default user is off, whatever password: only the ACL user signs in.
  expect(await tryRedis([USER.password], ['PING'])).toMatch(/^-WRONGPASS/)
  expect(await tryRedis(['centraal', 'gok'], ['PING'])).toMatch(/^-WRONGPASS/)
  const user = [USER.name, USER.password]
  expect(await tryRedis(user, ['PING'])).toMatch(/^\+OK\r\n\+PONG/)
  expect(await tryRedis(user, ['CONFIG', 'SET', 'dir', '/tmp'])).toMatch(/-NOPERM/)
  expect(await tryRedis(user, ['ACL', 'SETUSER', 'default', 'on', 'nopass'])).toMatch(/-NOPERM/)
})

test('a process given a wrong password still serves, alone, and its log never names the password', async () => {
  const wrong = `redis://centraal:verkeerd-geheim-99@127.0.0.1:${redis.port}`
  const alone = await startServerProcess(dataDir, { settings: { REDIS_URL: wrong, NODE_ID: 'c' } })
  try {
    expect((await fetch(`${alone.url}/api/health`)).status).toBe(200)
    // Alone: failures through it are not counted with the others' (WRONGPASS goes to
    // its error log, which names the refusal and not the URL).
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await attemptRootSignIn(alone, 'wrong again')).status).toBe(401)
    }
    expect(alone.linesWith('verkeerd-geheim-99')).toEqual([])
    expect(first.linesWith(USER.password)).toEqual([])
  } finally {
    await alone.close()
  }
})
