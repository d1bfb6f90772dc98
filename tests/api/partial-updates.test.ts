import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import type { Client } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

type Created =
  | InferResponseType<TypedApi['app-connections']['$post'], 201>
  | InferResponseType<TypedApi['gold-estates']['projects']['$post'], 201>
  | InferResponseType<TypedApi['gold-estates']['sellers']['$post'], 201>
type Edited =
  | InferResponseType<TypedApi['app-connections'][':id']['$patch'], 200>
  | InferResponseType<TypedApi['gold-estates']['projects'][':id']['$patch'], 200>
  | InferResponseType<TypedApi['gold-estates']['sellers'][':id']['$patch'], 200>

// An edit changes what it sends and nothing else: a missing status never falls back to
// the create's default (otherwise an unrelated edit would reactivate a deactivated app,
// project or seller, and the seller's sign-in with it).

let server: TestServer
let root: Client

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadminWithGoldEstates(server)
})
afterAll(() => server?.close())

test('an app, a project and a seller stay inactive through an edit of another field', async () => {
  const cases = [
    [
      '/api/app-connections',
      { name: 'Boekhouding', url: 'https://boeken.example.com' },
      { description: 'Nieuw' },
    ],
    ['/api/gold-estates/projects', { name: 'Havenkwartier' }, { description: 'Nieuw' }],
    ['/api/gold-estates/sellers', { name: 'Sanne Setter' }, { phone: '0612345678' }],
  ] as const
  for (const [path, created, edit] of cases) {
    const { id } = (await root.post(path, created)).json as Created
    expect((await root.request('PATCH', `${path}/${id}`, { status: 'inactive' })).status).toBe(200)
    const edited = await root.request('PATCH', `${path}/${id}`, edit)
    expect(edited.status, path).toBe(200)
    expect((edited.json as Edited).status, path).toBe('inactive')
  }
})
