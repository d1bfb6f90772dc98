import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOrganisation } from '#server/services/organisations/create-organisation'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { createClient } from '../support/http.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// A customer organisation's people attack the platform through their own backup: each
// edit is refused naming the row (data byte for byte unchanged) or has no effect.

type Client = ReturnType<typeof createClient>
type Table = { columns: string[]; rows: unknown[][] }
type Backup = { tables: Record<string, Table> } & Record<string, unknown>

let server: TestServer
let platform: Client
let owner: Client
let admin: Client
let platformOwnerId: string

const ORG = 'org-c'
const OWNER = { email: 'owner@klant-c.example', password: 'SUPERADMIN password' }

beforeAll(async () => {
  server = await startTestServer()
  platform = await signInFirstSuperadmin(server)
  platformOwnerId = (await platform.get('/api/auth/user')).json.id
  createOrganisation(server.deps, { id: ORG, name: 'Klant C', slug: ORG })
  owner = await signInInvitedUser(server, { email: OWNER.email, role: 'SUPERADMIN', org: ORG })
  admin = await signInInvitedUser(server, {
    email: 'admin@klant-c.example',
    role: 'ADMIN',
    org: ORG,
  })
  await signInInvitedUser(server, { email: 'user@klant-c.example', role: 'USER', org: ORG })
})
afterAll(async () => {
  await server?.close()
})

/** Every table of org-c's file, rows in a stable order. */
function dump() {
  const db = openOrganisationFile(server.dataDir, ORG)
  const names = db
    .prepare("select name from sqlite_master where type = 'table' order by name")
    .pluck()
    .all() as string[]
  const tables = Object.fromEntries(
    names.map((name) => [name, db.prepare(`select * from "${name}" order by rowid`).all()]),
  )
  db.close()
  return tables
}

async function downloadBackup(): Promise<Backup> {
  const answer = await owner.post('/api/admin/backup', { format: 'json' })
  expect(answer.status).toBe(200)
  return JSON.parse(answer.text)
}

/** A row of a backup table as an object, and a way to write it back. */
function rowsOf(backup: Backup, table: string) {
  const { columns, rows } = backup.tables[table] as Table
  return rows.map((row) => ({
    get: (column: string) => row[columns.indexOf(column)],
    set: (column: string, value: unknown) => {
      row[columns.indexOf(column)] = value
    },
  }))
}

function userRow(backup: Backup, email: string) {
  const row = rowsOf(backup, 'users').find((user) => user.get('email') === email)
  if (!row) throw new Error(`no ${email} in the backup`)
  return row
}

/** Restores as the owner, expecting a refusal naming `pattern`, with nothing changed. */
async function expectRefused(backup: Backup, pattern: RegExp) {
  const before = dump()
  const answer = await owner.post('/api/admin/restore', JSON.stringify(backup))
  expect(answer.status, answer.text).toBe(400)
  expect(answer.json.message).toMatch(pattern)
  expect(dump()).toEqual(before)
}

async function signInAgain(email: string, password: string) {
  const client = createClient(server.url)
  expect((await client.post('/api/auth/login/email', { email, password })).status).toBe(200)
  return client
}

describe('restore attacks', () => {
  test('an ADMIN neither downloads nor restores (the backup holds every password hash)', async () => {
    expect((await admin.post('/api/admin/backup', { format: 'json' })).status).toBe(403)
    const before = dump()
    expect(
      (await admin.post('/api/admin/restore', JSON.stringify(await downloadBackup()))).status,
    ).toBe(403)
    expect(dump()).toEqual(before)
  })

  test('a self-granted platform right is refused, and the owner stays without it', async () => {
    const backup = await downloadBackup()
    const ownerId = userRow(backup, OWNER.email).get('id')
    backup.tables.user_permissions?.rows.push([ownerId, 'organisations.manage', 1])
    await expectRefused(backup, /user_permissions.*organisations\.manage/)
    expect((await owner.get('/api/organizations')).status).toBe(403)
    const invite = await owner.post('/api/organizations/default-org/invite', {
      name: 'Indringer',
      email: 'indringer@example.com',
    })
    expect(invite.status).toBe(403)
  })

  test('a new grant of backup.run for a USER is refused', async () => {
    const backup = await downloadBackup()
    const userId = userRow(backup, 'user@klant-c.example').get('id')
    backup.tables.user_permissions?.rows.push([userId, 'backup.run', 1])
    await expectRefused(backup, /rij 1.*backup\.run/)
  })

  test('edited role_permissions have no effect: the code seeds them', async () => {
    const backup = await downloadBackup()
    const grants = backup.tables.role_permissions as Table
    grants.rows.push(['USER', 'USER', 'users.write'], ['USER', 'USER', 'backup.run'])
    grants.rows.push(['ADMIN', 'ADMIN', 'organisations.manage'])
    const restored = await owner.post('/api/admin/restore', JSON.stringify(backup))
    expect(restored.status).toBe(200)
    const user = await signInAgain('user@klant-c.example', 'USER password')
    expect((await user.post('/api/users', { name: 'Nep', email: 'nep@example.com' })).status).toBe(
      403,
    )
    expect((await user.post('/api/admin/backup', { format: 'json' })).status).toBe(403)
    const adminAgain = await signInAgain('admin@klant-c.example', 'ADMIN password')
    expect((await adminAgain.get('/api/organizations')).status).toBe(403)
    const db = openOrganisationFile(server.dataDir, ORG)
    const userGrants = db
      .prepare("select permission_id from role_permissions where role_id = 'USER' order by 1")
      .pluck()
      .all()
    db.close()
    expect(userGrants).toEqual(['activities.read', 'apps.read', 'settings.read', 'users.read'])
    owner = await signInAgain(OWNER.email, OWNER.password)
  })

  test('a row of another organisation is refused', async () => {
    const backup = await downloadBackup()
    userRow(backup, 'user@klant-c.example').set('organization_id', 'default-org')
    await expectRefused(backup, /tabel users, rij \d+: organisatie default-org/)
  })

  test("a row carrying the platform owner's id is refused, and nobody signs in as them", async () => {
    const backup = await downloadBackup()
    const attacker = userRow(backup, OWNER.email)
    const { columns, rows } = backup.tables.users as Table
    const forged = [...(rows.find((row) => row[columns.indexOf('email')] === OWNER.email) ?? [])]
    forged[columns.indexOf('id')] = platformOwnerId
    forged[columns.indexOf('email')] = 'second-me@klant-c.example'
    forged[columns.indexOf('password_hash')] = attacker.get('password_hash')
    rows.push(forged)
    await expectRefused(backup, /id .* hoort bij een andere organisatie/)
    // The same row claiming the platform organisation is refused as well.
    forged[columns.indexOf('organization_id')] = 'default-org'
    await expectRefused(backup, /organisatie default-org|andere organisatie/)
    const login = await createClient(server.url).post('/api/auth/login/email', {
      email: 'second-me@klant-c.example',
      password: OWNER.password,
    })
    expect(login.status).toBe(401)
  })

  test('an unknown role is refused', async () => {
    const backup = await downloadBackup()
    userRow(backup, 'user@klant-c.example').set('role', 'ROOT')
    await expectRefused(backup, /role ROOT bestaat niet/)
  })

  test('an ADMIN holding backup.run cannot restore themself to SUPERADMIN', async () => {
    const backup = await downloadBackup()
    const adminId = userRow(backup, 'admin@klant-c.example').get('id')
    // An older direct grant, written straight into the file.
    const db = openOrganisationFile(server.dataDir, ORG)
    db.prepare("insert into user_permissions values (?, 'backup.run', 1)").run(adminId)
    db.close()
    const adminAgain = await signInAgain('admin@klant-c.example', 'ADMIN password')
    userRow(backup, 'admin@klant-c.example').set('role', 'SUPERADMIN')
    backup.tables.user_permissions?.rows.push([adminId, 'backup.run', 1])
    const before = dump()
    const answer = await adminAgain.post('/api/admin/restore', JSON.stringify(backup))
    expect(answer.status).toBe(400)
    expect(answer.json.message).toMatch(/de rol SUPERADMIN kun je niet toekennen/)
    expect(dump()).toEqual(before)
  })

  test('outbox rows in a file are ignored', async () => {
    const backup = await downloadBackup()
    const outbox = backup.tables.webhook_outbox as Table
    outbox.rows.push(
      outbox.columns.map(
        (column) =>
          ({
            id: 'forged-delivery',
            sale_id: 'no-such-sale',
            payload: '{}',
            status: 'pending',
            attempts: 0,
            next_attempt_at: 0,
            created_at: 0,
          })[column] ?? null,
      ),
    )
    const restored = await owner.post('/api/admin/restore', JSON.stringify(backup))
    expect(restored.status).toBe(200)
    const db = openOrganisationFile(server.dataDir, ORG)
    expect(db.prepare('select count(*) from webhook_outbox').pluck().get()).toBe(0)
    db.close()
    owner = await signInAgain(OWNER.email, OWNER.password)
  })
})
