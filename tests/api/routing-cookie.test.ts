import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { getOrganisationRoute, ROUTING_COOKIE } from '#server/auth/routing-cookie'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInFirstSuperadmin, signInNewSeller } from '../support/accounts.ts'
import { type Client, createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

type Login = InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>
type Choice = Extract<Login, { choice: unknown }>
type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>

// The routing cookie that HAProxy hashes (deploy/haproxy.template.cfg) names the
// organisation of the session on every path that signs someone in, changes with the
// organisation chosen, goes at sign-out, and never stands in for a session.

let server: TestServer
let root: Client

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  await createOrganisation(server.deps, { id: 'org-route-a', name: 'Route A', slug: 'route-a' })
  await createOrganisation(server.deps, { id: 'org-route-b', name: 'Route B', slug: 'route-b' })
  for (const org of ['org-route-a', 'org-route-b']) {
    const { token } = await inviteWithSetupLink(server.deps, {
      email: 'twee@example.com',
      role: 'SUPERADMIN',
      name: `Twee ${org}`,
      org,
    })
    const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, {
      password: 'twee password',
    })
    expect(setup.status, setup.text).toBe(200)
  }
})
afterAll(() => server?.close())

const routeOf = (client: Client) => client.cookies.get(ROUTING_COOKIE)

test('a route is a short hash of the organisation: the same for one, different for two, never its id', () => {
  const route = getOrganisationRoute('org-route-a')
  expect(route).toMatch(/^[0-9a-f]{16}$/)
  expect(getOrganisationRoute('org-route-a')).toBe(route)
  expect(getOrganisationRoute('org-route-b')).not.toBe(route)
  expect(route).not.toContain('route-a')
})

test('the first SUPERADMIN and a password sign-in get their organisation’s route, HttpOnly', async () => {
  expect(routeOf(root)).toBe(getOrganisationRoute(DEFAULT_ORGANISATION_ID))
  const client = createClient(server.url)
  const login = await client.post('/api/auth/login/email', {
    email: 'root@example.com',
    password: 'root password',
  })
  expect(login.status).toBe(200)
  const line = login.headers.getSetCookie().find((item) => item.startsWith(`${ROUTING_COOKIE}=`))
  expect(line).toMatch(/HttpOnly/i)
  expect(line).toMatch(/SameSite=Lax/i)
  expect(line).toMatch(/Path=\//i)
  expect(routeOf(client)).toBe(getOrganisationRoute(DEFAULT_ORGANISATION_ID))
})

test('an organisation choice routes to the chosen organisation, and choosing again switches it', async () => {
  const client = createClient(server.url)
  const credentials = { email: 'twee@example.com', password: 'twee password' }
  const first = await client.post('/api/auth/login/email', credentials)
  expect((first.json as Choice).choice).toBeDefined()
  // Asked which organisation: no session yet, so no route.
  expect(routeOf(client)).toBeUndefined()
  const chooseA = await client.post('/api/auth/login/choose', {
    choiceToken: (first.json as Choice).choice.choiceToken,
    organisationId: 'org-route-a',
  })
  expect(chooseA.status, chooseA.text).toBe(200)
  expect(routeOf(client)).toBe(getOrganisationRoute('org-route-a'))

  const again = await client.post('/api/auth/login/email', credentials)
  const chooseB = await client.post('/api/auth/login/choose', {
    choiceToken: (again.json as Choice).choice.choiceToken,
    organisationId: 'org-route-b',
  })
  expect(chooseB.status, chooseB.text).toBe(200)
  expect(routeOf(client)).toBe(getOrganisationRoute('org-route-b'))
  expect(((await client.get('/api/auth/user')).json as User).organizationId).toBe('org-route-b')
})

test('Gold Estates: a launch and a seller’s own sign-in get the route; its sign-out removes it', async () => {
  const launch = await root.post('/api/admin/launch-gold-estates')
  expect(launch.status, launch.text).toBe(200)
  // Added, given a sign-in and signed in at the sales login (each step checked as it goes).
  const seller = {
    name: 'Verkoper Route',
    email: 'verkoper@route.example',
    role: 'SELLER',
  } as const
  const { client } = await signInNewSeller(server, root, seller)
  expect(routeOf(client)).toBe(getOrganisationRoute(DEFAULT_ORGANISATION_ID))

  const logout = await client.post('/api/gold-estates/auth/logout')
  expect(logout.status, logout.text).toBe(200)
  expect(routeOf(client)).toBeUndefined()
})

test('signing out of Centraal removes the route', async () => {
  const client = createClient(server.url)
  await client.post('/api/auth/login/email', {
    email: 'root@example.com',
    password: 'root password',
  })
  expect(routeOf(client)).toBeDefined()
  const logout = await client.post('/api/logout')
  expect(logout.status, logout.text).toBe(200)
  expect(routeOf(client)).toBeUndefined()
})

test('a forged route, alone, opens nothing: 401 on the data of the organisation it names', async () => {
  const forger = createClient(server.url)
  forger.cookies.set(ROUTING_COOKIE, getOrganisationRoute(DEFAULT_ORGANISATION_ID))
  for (const path of ['/api/auth/user', '/api/app-connections', '/api/sync/v1/stream']) {
    expect((await forger.get(path)).status, path).toBe(401)
  }
  expect((await forger.get('/api/gold-estates/auth/user')).status).toBe(401)
  // Nor does a route put where the session belongs.
  const asSession = createClient(server.url)
  asSession.cookies.set('centraal_session', getOrganisationRoute(DEFAULT_ORGANISATION_ID))
  expect((await asSession.get('/api/auth/user')).status).toBe(401)
})

test('a signed-in person with another organisation’s route still sees only their own; the answer puts their route back', async () => {
  const client = createClient(server.url)
  const first = await client.post('/api/auth/login/email', {
    email: 'twee@example.com',
    password: 'twee password',
  })
  await client.post('/api/auth/login/choose', {
    choiceToken: (first.json as Choice).choice.choiceToken,
    organisationId: 'org-route-a',
  })
  client.cookies.set(ROUTING_COOKIE, getOrganisationRoute(DEFAULT_ORGANISATION_ID))
  const me = await client.get('/api/auth/user')
  expect(me.status).toBe(200)
  expect((me.json as User).organizationId).toBe('org-route-a')
  expect(routeOf(client)).toBe(getOrganisationRoute('org-route-a'))
  const created = await root.post('/api/app-connections', {
    name: 'Alleen standaard',
    url: 'https://standaard.example.com',
  })
  expect(created.status, created.text).toBe(201)
  const listed = await client.get('/api/app-connections')
  expect(listed.status).toBe(200)
  expect(JSON.stringify(listed.json)).not.toContain('Alleen standaard')
})
