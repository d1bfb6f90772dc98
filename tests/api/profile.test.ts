import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { type Client, createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type ErrorAnswer, type TypedApi, typedClient } from '../support/typed-client.ts'

type Notifications = InferResponseType<TypedApi['profile']['notifications']['$get'], 200>
type Saved = InferResponseType<TypedApi['profile']['notifications']['$patch'], 200>

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const readNotifications = async (client: Client): Promise<Notifications> =>
  (await client.get('/api/profile/notifications')).json

const settingsActivities = async (client: Client) =>
  (await (await typedClient(server.url, client.cookies).activities.$get()).json()).filter(
    (activity) => activity.action === 'Meldingsvoorkeuren bijgewerkt',
  )

test('every user reads and changes their own notification switches, both on by default', async () => {
  const root = await signInFirstSuperadmin(server)
  const user = await signInInvitedUser(server, {
    email: 'uma@example.com',
    role: 'USER',
    name: 'Uma User',
  })
  expect(await readNotifications(user)).toEqual({
    emailNotifications: true,
    activityAlerts: true,
  } satisfies Notifications)

  // A USER may not write settings of the organisation, but their own switches are theirs.
  const changed = await user.request('PATCH', '/api/profile/notifications', {
    activityAlerts: false,
  })
  expect(changed.status).toBe(200)
  expect(changed.json).toEqual({ emailNotifications: true, activityAlerts: false } satisfies Saved)
  expect((await readNotifications(user)).activityAlerts).toBe(false)
  // Someone else's switches are untouched.
  expect(await readNotifications(root)).toEqual({
    emailNotifications: true,
    activityAlerts: true,
  } satisfies Notifications)

  const logged = await settingsActivities(root)
  expect(logged).toHaveLength(1)
  expect(logged[0]).toMatchObject({ type: 'settings', target: 'Uma User', user: 'Uma User' })
})

test('a replay with the same Idempotency-Key has one effect', async () => {
  const admin = await signInInvitedUser(server, { email: 'ada@example.com', role: 'ADMIN' })
  const before = (await settingsActivities(admin)).length
  const headers = { 'idempotency-key': 'profile-replay-1' }
  const first = await admin.request(
    'PATCH',
    '/api/profile/notifications',
    { emailNotifications: false },
    headers,
  )
  const again = await admin.request(
    'PATCH',
    '/api/profile/notifications',
    { emailNotifications: false },
    headers,
  )
  expect(again.status).toBe(first.status)
  expect(again.json).toEqual(first.json)
  expect((await settingsActivities(admin)).length).toBe(before + 1)
})

test('bad input is 400 and changes nothing; no session is 401', async () => {
  const admin = await signInInvitedUser(server, { email: 'bob@example.com', role: 'ADMIN' })
  for (const body of [{}, { activityAlerts: 'yes' }]) {
    const response = await admin.request('PATCH', '/api/profile/notifications', body)
    expect(response.status).toBe(400)
    expect(typeof (response.json as ErrorAnswer).message).toBe('string')
  }
  expect((await readNotifications(admin)).activityAlerts).toBe(true)

  const anonymous = createClient(server.url)
  expect((await anonymous.get('/api/profile/notifications')).status).toBe(401)
  expect(
    (await anonymous.request('PATCH', '/api/profile/notifications', { activityAlerts: false }))
      .status,
  ).toBe(401)
})
