import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { type Client, cookieOf } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, TypedApi } from '../support/typed-client.ts'

// Answers travel compressed: JSON (sync pulls included) with brotli or gzip on the fly,
// never the event stream, which must reach the browser event by event.

let server: TestServer
let root: Client
/**
 * A built file as the build leaves it: itself, and its brotli copy beside it (random
 * enough that the copy is over the kilobyte from which answers are compressed).
 */
const builtFile = `console.log('${randomBytes(3000).toString('base64')}')`

beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'centraal-web-'))
  mkdirSync(path.join(webRoot, 'assets'))
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="nl"></html>')
  writeFileSync(path.join(webRoot, 'assets', 'built-1a2b.js'), builtFile)
  writeFileSync(path.join(webRoot, 'assets', 'built-1a2b.js.br'), brotliCompressSync(builtFile))
  server = await startTestServer({}, { webRoot })
  root = await signInFirstSuperadmin(server)
  for (let index = 0; index < 30; index++) {
    await root.post('/api/app-connections', {
      name: `App ${index}`,
      url: `https://app${index}.example.com`,
      description: 'Een beschrijving die de pagina groter maakt dan een kilobyte.',
    })
  }
})
afterAll(() => server?.close())

type Page = InferResponseType<TypedApi['sync'][':version'][':collection']['pull']['$get'], 200>

test('a sync page travels with brotli or gzip, whichever the browser takes, and as it is otherwise', async () => {
  const pull = '/api/sync/v1/appConnections/pull?checkpoint=0&limit=1000'
  const page = await root.get(pull, { 'accept-encoding': 'gzip, deflate, br' })
  expect(page.status).toBe(200)
  expect(page.headers.get('content-encoding')).toBe('br')
  expect(page.headers.get('vary')).toMatch(/accept-encoding/i)
  const documents = (page.json as Page).documents
  expect(documents).toHaveLength(30)
  const gzipped = await root.get(pull, { 'accept-encoding': 'gzip, br;q=0' })
  expect(gzipped.headers.get('content-encoding')).toBe('gzip')
  expect(gzipped.json).toEqual(page.json)
  expect(Number(gzipped.headers.get('content-length'))).toBeLessThan(page.text.length / 4)
  // A small answer is not worth it.
  const small = await root.get('/api/auth/user', { 'accept-encoding': 'br, gzip' })
  expect(small.headers.get('content-encoding')).toBeNull()
  const user: InferResponseType<TypedApi['auth']['user']['$get'], 200> = small.json
  expect(user.email).toBeDefined()
  // Without Accept-Encoding, as it is.
  const plain = await root.get('/api/sync/v1/appConnections/pull?checkpoint=0&limit=1000', {
    'accept-encoding': 'identity',
  })
  expect(plain.headers.get('content-encoding')).toBeNull()
})

test('the event stream and a backup download are never compressed', async () => {
  const controller = new AbortController()
  const response = await fetch(`${server.url}/api/sync/v1/stream`, {
    headers: { cookie: cookieOf(root), 'accept-encoding': 'br, gzip' },
    signal: controller.signal,
  })
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  expect(response.headers.get('content-encoding')).toBeNull()
  controller.abort()
  // A file to keep as it is: the shared process does not spend time on it.
  const backup = await root.post(
    '/api/admin/backup',
    { format: 'json' },
    { 'accept-encoding': 'br, gzip' },
  )
  expect(backup.status).toBe(200)
  expect(backup.headers.get('content-encoding')).toBeNull()
})

test('a built file comes as its brotli copy, not compressed again; HEAD and refusals as they are', async () => {
  const built = await fetch(`${server.url}/assets/built-1a2b.js`, {
    headers: { 'accept-encoding': 'br, gzip' },
  })
  expect(built.status).toBe(200)
  expect(built.headers.get('content-encoding')).toBe('br')
  // fetch undoes one brotli layer: the file itself comes out, not a second layer.
  expect(await built.text()).toBe(builtFile)

  const pull = '/api/sync/v1/appConnections/pull?checkpoint=0&limit=1000'
  const head = await fetch(`${server.url}${pull}`, {
    method: 'HEAD',
    headers: { cookie: cookieOf(root), 'accept-encoding': 'br' },
  })
  expect(head.status).toBe(200)
  expect(head.headers.get('content-encoding')).toBeNull()

  // A signed-out visitor is refused with a message, whatever they accept.
  const stranger = await fetch(`${server.url}${pull}`, { headers: { 'accept-encoding': 'br' } })
  expect(stranger.status).toBe(401)
  const refusal: ErrorAnswer = await stranger.json()
  expect(refusal.message).toBeTruthy()
})
