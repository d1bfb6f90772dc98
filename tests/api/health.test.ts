import { existsSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeBuild } from '#server/describe-build'
import { parseEnv } from '#server/env'
import { version as packageVersion } from '../../package.json'
import { expectRefusal } from '../support/api-refusals.ts'
import { createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

type Health = InferResponseType<TypedApi['health']['$get'], 200>

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

test('GET /api/health answers the running build: version with its commit, and the day', async () => {
  const response = await createClient(server.url).get('/api/health')
  expect(response.status).toBe(200)
  // Not the constant of the specification's release: package.json's version with the
  // commit the running code was built (here: loaded) from, and the day.
  const escaped = packageVersion.replaceAll('.', '\\.')
  expect(response.json).toEqual({
    status: 'ok',
    version: expect.stringMatching(new RegExp(`^${escaped}\\+[0-9a-f]{7,}$`)),
    date: describeBuild().date,
  } satisfies Health)
  expect((response.json as Health).date).not.toBe('26-10-2025')
})

test('the first start creates default-org with its own file, in WAL mode', () => {
  const file = path.join(server.dataDir, 'orgs', 'default-org.sqlite')
  expect(existsSync(path.join(server.dataDir, 'system.sqlite'))).toBe(true)
  expect(existsSync(file)).toBe(true)
  const db = new Database(file, { readonly: true })
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
  const permissions = db.prepare('select name from permissions order by name').pluck().all()
  expect(permissions).toContain('users.write')
  db.close()
})

test('unknown API paths answer 404 JSON and other paths serve the web app', async () => {
  const client = createClient(server.url)
  const missing = await client.get('/api/nope')
  expectRefusal(missing, 404, /Onbekend adres/)
  const page = await client.get('/some/screen')
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toMatch(/text\/html/)
})

test('every refusal carries a code a program can act on beside the message for a person', async () => {
  const client = createClient(server.url)
  const answers = [
    [await client.get('/api/nope'), 404, 'not_found'],
    [await client.get('/api/users'), 401, 'unauthenticated'],
    [await client.post('/api/auth/login/email', { email: 'geen-adres' }), 400, 'invalid_input'],
    [await client.post('/api/auth/login/email', '{ not json'), 400, 'invalid_input'],
    [await client.get('/api/sync/v0/users/pull'), 426, 'upgrade_required'],
  ] as const
  for (const [answer, status, code] of answers) {
    expect(answer.status).toBe(status)
    expect(answer.json).toMatchObject({
      message: expect.any(String),
      code,
    } satisfies PartOf<ErrorAnswer>)
  }
})

test('a bad setting stops the start with a message naming it', () => {
  expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
  expect(() => parseEnv({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_ISSUER/)
  expect(() => parseEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/)
  expect(() => parseEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/)
  expect(parseEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379')
  // The tests' cheap password hashes cannot be switched on in production (the default).
  expect(() => parseEnv({ TEST_PASSWORD_HASHING: 'fast' })).toThrow(
    /TEST_PASSWORD_HASHING: a test setting/,
  )
  expect(() => parseEnv({ NODE_ENV: 'development', TEST_PASSWORD_HASHING: 'fast' })).toThrow(
    /TEST_PASSWORD_HASHING/,
  )
  expect(parseEnv({ NODE_ENV: 'test', TEST_PASSWORD_HASHING: 'fast' }).TEST_PASSWORD_HASHING).toBe(
    'fast',
  )
  // Nor the tests' backup schedules that fire by the second.
  expect(() => parseEnv({ TEST_BACKUP_SCHEDULE: 'seconds' })).toThrow(
    /TEST_BACKUP_SCHEDULE: a test setting/,
  )
})

test('on the sales host the same page is marked as the sales area', async () => {
  const { port } = new URL(server.url)
  const fetchPage = (host: string, path: string) =>
    new Promise<string>((resolve, reject) => {
      const request = http.request(`${server.url}${path}`, { headers: { host } }, (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve(text))
      })
      request.on('error', reject)
      request.end()
    })
  expect(await fetchPage(`sales.localhost:${port}`, '/login')).toContain('<html data-area="sales"')
  expect(await fetchPage(`sales.localhost:${port}`, '/')).toContain('<html data-area="sales"')
  // The service worker's copy of the page: the worker reads the host's area from it.
  expect(await fetchPage(`sales.localhost:${port}`, '/index.html')).toContain(
    '<html data-area="sales"',
  )
  expect(await fetchPage(`localhost:${port}`, '/index.html')).not.toContain('data-area')
  expect(await fetchPage(`localhost:${port}`, '/gold-estates/login')).not.toContain('data-area')
})
