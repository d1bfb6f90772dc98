import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { signInAtNewOrganisation } from '../support/api-organisations.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import type { Client } from '../support/http.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>

// One browser, two people: Anna's local database is still open when Ben (another
// organisation) signs in. Its calls carry Anna's account; under Ben's session the server
// refuses them, so nothing of Anna's reaches Ben's organisation and nothing of Ben's is
// pulled into Anna's database.

let server: TestServer
let anna: Client
let ben: Client
/** Each one's account as the server names it: `<organisation>/<user id>`. */
const accounts = { anna: '', ben: '' }

beforeAll(async () => {
  server = await startTestServer()
  anna = await signInFirstSuperadmin(server, 'anna@example.com')
  ben = await signInAtNewOrganisation(server, 'org-b', 'ADMIN', 'ben@b.example')
  accounts.anna = `default-org/${((await anna.get('/api/auth/user')).json as User).id}`
  accounts.ben = `org-b/${((await ben.get('/api/auth/user')).json as User).id}`
})
afterAll(() => server?.close())

const appCount = (organisationId: string): number => {
  const db = openOrganisationFile(server.dataDir, organisationId)
  const count = db.prepare('select count(*) from app_connections').pluck().get() as number
  db.close()
  return count
}

test("Anna's unsent write, sent with Ben's cookie, is refused and written nowhere", async () => {
  const row = {
    newDocumentState: {
      id: '01900000-0000-7000-8000-00000000a001',
      _deleted: false,
      name: 'Offline van Anna',
      url: 'https://anna.example',
      status: 'active',
    },
  }
  const pushed = await ben.post(
    '/api/sync/v1/appConnections/push',
    { rows: [row] },
    { 'x-centraal-account': accounts.anna },
  )
  expectRefusal(pushed, 409, /ander account/)
  expect(appCount('default-org')).toBe(0)
  expect(appCount('org-b')).toBe(0)
  // Anna signs in again: the same write goes up as hers.
  const again = await anna.post(
    '/api/sync/v1/appConnections/push',
    { rows: [row] },
    { 'x-centraal-account': accounts.anna },
  )
  expect(again.status).toBe(200)
  expect((again.json as Pushed).refused).toEqual([])
  expect(appCount('default-org')).toBe(1)
  expect(appCount('org-b')).toBe(0)
})

test("Ben's rows are not pulled into Anna's database", async () => {
  const pulled = await ben.get('/api/sync/v1/users/pull?checkpoint=0', {
    'x-centraal-account': accounts.anna,
  })
  expect(pulled.status).toBe(409)
  expect(pulled.text).not.toContain('ben@b.example')
  const own = await ben.get('/api/sync/v1/users/pull?checkpoint=0', {
    'x-centraal-account': accounts.ben,
  })
  expect(own.status).toBe(200)
})

test("Anna's queued REST write, replayed under Ben's session, is refused and waits for her", async () => {
  const body = { name: 'Uit de wachtrij', url: 'https://queued.example', status: 'active' }
  const replayed = await ben.post('/api/app-connections', body, {
    'x-centraal-account': accounts.anna,
    'idempotency-key': 'queued-by-anna-1',
  })
  expectRefusal(replayed, 409, /ander account/)
  expect(appCount('org-b')).toBe(0)
  // The sales area checks the same way with its own session: Ben has none there, so the
  // route answers as it always does (401), nothing is written.
  const sales = await ben.post(
    '/api/gold-estates/projects',
    { name: 'X' },
    {
      'x-centraal-account': accounts.anna,
    },
  )
  expect(sales.status).toBe(401)
  // Anna, signed in again, sends it: written once, in her organisation.
  const before = appCount('default-org')
  const sent = await anna.post('/api/app-connections', body, {
    'x-centraal-account': accounts.anna,
    'idempotency-key': 'queued-by-anna-1',
  })
  expect(sent.status).toBe(201)
  expect(appCount('default-org')).toBe(before + 1)
})

test('a call without the header, or naming its own account, is unaffected', async () => {
  expect((await ben.get('/api/app-connections')).status).toBe(200)
  expect(
    (await ben.get('/api/app-connections', { 'x-centraal-account': accounts.ben })).status,
  ).toBe(200)
  // Signing in is never refused by the name of the account shown before.
  const login = await ben.post(
    '/api/auth/login',
    { email: 'nobody@example.com', password: 'wrong password 1' },
    { 'x-centraal-account': accounts.anna },
  )
  expect(login.status).not.toBe(409)
})
