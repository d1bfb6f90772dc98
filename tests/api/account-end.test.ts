import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { queryDirectory } from '../support/directory-tables.ts'
import { type Client, createClient } from '../support/http.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { pullAll, pushRows } from '../support/sync-calls.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { type TypedApi, typedClient } from '../support/typed-client.ts'

// Without mail an invitation's answer, and a new link's, carries its setup link.
type Invited = Extract<InferResponseType<TypedApi['users']['$post'], 201>, { invited: false }>
type SetupLink = Extract<
  InferResponseType<TypedApi['users'][':id']['setup-link']['$post'], 201>,
  { invited: false }
>

// An account's end ends everything it holds open, and a session is only as good as its
// login-directory entry.

let server: TestServer
let root: Client

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
})
afterAll(async () => {
  await server?.close()
})

async function idOf(email: string): Promise<string> {
  const users = await (await typedClient(server.url, root.cookies).users.$get()).json()
  const user = users.find((row) => row.email === email)
  if (!user) throw new Error(`no user ${email}`)
  return user.id
}

/** A second SUPERADMIN of default-org who has launched Gold Estates. */
async function launchedSuperadmin(email: string) {
  const owner = await signInInvitedUser(server, { email, role: 'SUPERADMIN' })
  expect((await owner.post('/api/admin/launch-gold-estates')).status).toBe(200)
  expect((await owner.get('/api/gold-estates/projects')).status).toBe(200)
  return { owner, id: await idOf(email) }
}

const aProject = { name: 'Nieuwbouw Zuid', location: 'Utrecht', totalUnits: 4 }

describe('suspending, deleting or demoting a SUPERADMIN', () => {
  test('a suspended SUPERADMIN loses their Gold Estates session, writes included', async () => {
    const { owner, id } = await launchedSuperadmin('second-owner@example.com')
    const suspended = await root.request('PATCH', `/api/users/${id}`, { status: 'suspended' })
    expect(suspended.status).toBe(200)
    expect((await owner.get('/api/gold-estates/projects')).status).toBe(401)
    expect((await owner.post('/api/gold-estates/projects', aProject)).status).toBe(401)
    expect((await owner.get('/api/auth/user')).status).toBe(401)
    const db = openOrganisationFile(server.dataDir)
    expect(db.prepare('select count(*) from sales_projects').pluck().get()).toBe(0)
    db.close()
  })

  test('suspended through replication: both areas’ sessions are gone from the directory by the answer', async () => {
    const { owner, id } = await launchedSuperadmin('pushed-owner@example.com')
    const sessionsOf = () =>
      queryDirectory(server, 'select kind from sessions where organization_id = ?', 'default-org')
    const before = (await sessionsOf()).length
    const stored = (await pullAll(root, 'users')).find((doc) => doc.id === id)
    if (!stored) throw new Error('user not pulled')
    const pushed = await pushRows(root, 'users', [
      { newDocumentState: { ...stored, status: 'suspended' }, assumedMasterState: stored },
    ])
    expect(pushed.status, pushed.text).toBe(200)
    // The owner's Centraal session and the Gold Estates session the launch opened: two.
    expect((await sessionsOf()).length).toBe(before - 2)
    expect((await owner.get('/api/gold-estates/projects')).status).toBe(401)
    expect((await owner.get('/api/auth/user')).status).toBe(401)
  })

  test('a demoted SUPERADMIN is signed out of both areas and cannot launch again', async () => {
    const { owner, id } = await launchedSuperadmin('demoted-owner@example.com')
    expect((await root.request('PATCH', `/api/users/${id}`, { role: 'ADMIN' })).status).toBe(200)
    expect((await owner.get('/api/gold-estates/projects')).status).toBe(401)
    expect((await owner.get('/api/auth/user')).status).toBe(401)
    const again = createClient(server.url)
    const login = await again.post('/api/auth/login/email', {
      email: 'demoted-owner@example.com',
      password: 'SUPERADMIN password',
    })
    expect(login.status).toBe(200)
    expect((await again.post('/api/admin/launch-gold-estates')).status).toBe(403)
  })

  test('a Gold Estates session opened before a demotion ends even when only the grant changed', async () => {
    const { owner, id } = await launchedSuperadmin('withdrawn-owner@example.com')
    // A per-user withdrawal of sales.launch, written straight into the file: the sales
    // area checks the linked central user's rights on each request, not only at launch.
    const db = openOrganisationFile(server.dataDir)
    db.prepare(
      "insert into user_permissions (user_id, permission_id, granted) values (?, 'sales.launch', 0)",
    ).run(id)
    db.close()
    expect((await owner.get('/api/gold-estates/projects')).status).toBe(401)
  })

  test('a deleted SUPERADMIN loses their Gold Estates session', async () => {
    const { owner, id } = await launchedSuperadmin('deleted-owner@example.com')
    expect((await root.request('DELETE', `/api/users/${id}`)).status).toBe(200)
    expect((await owner.get('/api/gold-estates/projects')).status).toBe(401)
  })
})

describe('setup links', () => {
  /** A USER the first SUPERADMIN creates, not yet active: its id and its setup link's token. */
  async function createInactiveUser(name: string, email: string) {
    const created = await root.post('/api/users', { name, email, role: 'USER', status: 'inactive' })
    expect(created.status).toBe(201)
    const invited: Invited = created.json
    return { id: invited.id, token: invited.setupUrl.split('/setup/')[1] }
  }

  test('a link issued before a suspension does not set the password or reactivate', async () => {
    const { id, token } = await createInactiveUser('Sam Geschorst', 'sam@example.com')
    const suspended = await root.request('PATCH', `/api/users/${id}`, { status: 'suspended' })
    expect(suspended.status).toBe(200)
    const used = await createClient(server.url).post(`/api/auth/setup/${token}`, {
      password: 'sam password',
    })
    expect(used.status).toBe(400)
    const login = await createClient(server.url).post('/api/auth/login/email', {
      email: 'sam@example.com',
      password: 'sam password',
    })
    expect(login.status).toBe(401)
    const sam = (await (await typedClient(server.url, root.cookies).users.$get()).json()).find(
      (row) => row.email === 'sam@example.com',
    )
    expect(sam?.status).toBe('suspended')
  })

  test('a new link for a suspended account is refused when used', async () => {
    const { id } = await createInactiveUser('Sanne Geschorst', 'sanne@example.com')
    await root.request('PATCH', `/api/users/${id}`, { status: 'suspended' })
    const link = await root.post(`/api/users/${id}/setup-link`)
    expect(link.status).toBe(201)
    const used = await createClient(server.url).post(
      `/api/auth/setup/${(link.json as SetupLink).setupUrl.split('/setup/')[1]}`,
      { password: 'sanne password' },
    )
    expectRefusal(used, 403, /geblokkeerd/)
  })

  test('setting a password through a link ends every other session of the account', async () => {
    const mila = await signInInvitedUser(server, { email: 'mila@example.com', role: 'ADMIN' })
    expect((await mila.get('/api/auth/user')).status).toBe(200)
    const link = await root.post(`/api/users/${await idOf('mila@example.com')}/setup-link`)
    const reset = await createClient(server.url).post(
      `/api/auth/setup/${(link.json as SetupLink).setupUrl.split('/setup/')[1]}`,
      { password: 'a new password' },
    )
    expect(reset.status).toBe(200)
    expect((await mila.get('/api/auth/user')).status).toBe(401)
  })
})

describe('a session is bound to its login-directory entry', () => {
  test('a user row that claims another organisation is no one', async () => {
    const user = await signInInvitedUser(server, { email: 'moved@example.com', role: 'ADMIN' })
    const id = await idOf('moved@example.com')
    const db = openOrganisationFile(server.dataDir)
    db.prepare("update users set organization_id = 'someone-else' where id = ?").run(id)
    db.close()
    expect((await user.get('/api/auth/user')).status).toBe(401)
    expect((await user.get('/api/users')).status).toBe(401)
    const login = await createClient(server.url).post('/api/auth/login/email', {
      email: 'moved@example.com',
      password: 'ADMIN password',
    })
    expect(login.status).toBe(401)
  })

  test('a session whose directory entry points elsewhere ends', async () => {
    const user = await signInInvitedUser(server, { email: 'unlisted@example.com', role: 'USER' })
    await queryDirectory(
      server,
      "update login_directory set organization_id = 'another-org' where email = ?",
      'unlisted@example.com',
    )
    expect((await user.get('/api/auth/user')).status).toBe(401)
  })
})
