import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ROLE_PERMISSIONS } from '#schema/permissions'
import { USER_ROLES } from '#schema/roles'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signIn, signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { type Client, createClient } from '../support/http.ts'
import { openOrganisationFile, openSystemFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, TypedApi } from '../support/typed-client.ts'

type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>

// A customer organisation's people attack the platform through their own backup: each
// edit is refused naming the row (data byte for byte unchanged) or has no effect. Every
// test signs in afresh, so one attack that got through before cannot hide the next.

type Table = { columns: string[]; rows: unknown[][] }
type Backup = { tables: Record<string, Table> } & Record<string, unknown>

let server: TestServer
let platformOwnerId: string
let platformSalesUserId: string

const ORG = 'org-c'
const OWNER = { email: 'owner@klant-c.example', password: 'SUPERADMIN password' }
const ADMIN = { email: 'admin@klant-c.example', password: 'ADMIN password' }
const USER = { email: 'user@klant-c.example', password: 'USER password' }

beforeAll(async () => {
  server = await startTestServer()
  const platform = await signInFirstSuperadmin(server)
  platformOwnerId = ((await platform.get('/api/auth/user')).json as User).id
  // The platform owner's own Gold Estates account (kind sales, in default-org).
  expect((await platform.post('/api/admin/launch-gold-estates', {})).status).toBe(200)
  const system = openSystemFile(server.dataDir)
  platformSalesUserId = system
    .prepare("select user_id from login_directory where kind = 'sales' and organization_id = ?")
    .pluck()
    .get('default-org') as string
  system.close()
  await createOrganisation(server.deps, { id: ORG, name: 'Klant C', slug: ORG })
  const owner = await signInInvitedUser(server, {
    email: OWNER.email,
    role: 'SUPERADMIN',
    org: ORG,
  })
  // The owner's Gold Estates account and its link, so org-c has sales_users and access rows.
  expect((await owner.post('/api/admin/launch-gold-estates', {})).status).toBe(200)
  await signInInvitedUser(server, { email: ADMIN.email, role: 'ADMIN', org: ORG })
  await signInInvitedUser(server, { email: USER.email, role: 'USER', org: ORG })
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

/** Runs SQL on org-c's file beside the server, as an older version or an operator would. */
function writeFile(sql: string, ...values: unknown[]) {
  const db = openOrganisationFile(server.dataDir, ORG)
  db.prepare(sql).run(...values)
  db.close()
}

async function downloadBackup(): Promise<Backup> {
  const answer = await (await signIn(server, OWNER)).post('/api/admin/backup', { format: 'json' })
  expect(answer.status).toBe(200)
  return JSON.parse(answer.text)
}

/** A row of a backup table as an object, and a way to write it back. */
function rowsOf(backup: Backup, table: string) {
  const { columns, rows } = backup.tables[table] as Table
  return rows.map((row) => ({
    row,
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

/** A new row for `table`: the given values, null for every other column. */
function newRow(backup: Backup, table: string, values: Record<string, unknown>) {
  const { columns, rows } = backup.tables[table] as Table
  const row = columns.map((column) => (column in values ? values[column] : null))
  rows.push(row)
  return rows.length
}

/** A new user_permissions row in `backup` for the user with `email`; its row number. */
function newGrant(backup: Backup, email: string, permission: string, granted: unknown = 1) {
  const userId = userRow(backup, email).get('id')
  return newRow(backup, 'user_permissions', { user_id: userId, permission_id: permission, granted })
}

function restore(client: Client, backup: Backup) {
  return client.post('/api/admin/restore', JSON.stringify(backup))
}

/** Restores, expecting a refusal naming `pattern`, with nothing changed. */
async function expectRefused(backup: Backup, pattern: RegExp, restorer = OWNER) {
  const client = await signIn(server, restorer)
  const before = dump()
  const answer = await restore(client, backup)
  expect(answer.status, answer.text).toBe(400)
  expect((answer.json as ErrorAnswer).message).toMatch(pattern)
  expect(dump()).toEqual(before)
}

describe('restore attacks', () => {
  test('an ADMIN neither downloads nor restores (the backup holds every password hash)', async () => {
    const admin = await signIn(server, ADMIN)
    expect((await admin.post('/api/admin/backup', { format: 'json' })).status).toBe(403)
    const backup = await downloadBackup()
    const before = dump()
    expect((await restore(admin, backup)).status).toBe(403)
    expect(dump()).toEqual(before)
  })

  test('a self-granted platform right is refused, and the owner stays without it', async () => {
    const backup = await downloadBackup()
    const at = newGrant(backup, OWNER.email, 'organisations.manage')
    await expectRefused(
      backup,
      new RegExp(`tabel user_permissions, rij ${at}: .*organisations\\.manage`),
    )
    const owner = await signIn(server, OWNER)
    expect((await owner.get('/api/organisations')).status).toBe(403)
    const invite = await owner.post('/api/organisations/default-org/invite', {
      name: 'Indringer',
      email: 'indringer@example.com',
    })
    expect(invite.status).toBe(403)
  })

  test('a new grant of backup.run for a USER is refused', async () => {
    const backup = await downloadBackup()
    const at = newGrant(backup, USER.email, 'backup.run')
    await expectRefused(backup, new RegExp(`tabel user_permissions, rij ${at}: .*backup\\.run`))
  })

  test('a grant written as text ("1", which SQLite stores as 1) is refused', async () => {
    const backup = await downloadBackup()
    const at = newGrant(backup, USER.email, 'backup.run', '1')
    await expectRefused(backup, new RegExp(`tabel user_permissions, rij ${at}: granted`))
    const user = await signIn(server, USER)
    expect((await user.post('/api/admin/backup', { format: 'json' })).status).toBe(403)
  })

  test('edited role_permissions have no effect: the code seeds them', async () => {
    // A stray grant in the file itself (an older version, an operator) goes too.
    writeFile("insert or ignore into role_permissions values ('MANAGER', 'MANAGER', 'backup.run')")
    const backup = await downloadBackup()
    const grants = backup.tables.role_permissions as Table
    grants.rows.push(['USER', 'USER', 'users.write'], ['USER', 'USER', 'backup.run'])
    grants.rows.push(['ADMIN', 'ADMIN', 'organisations.manage'])
    const restored = await restore(await signIn(server, OWNER), backup)
    expect(restored.status, restored.text).toBe(200)
    const user = await signIn(server, USER)
    const created = await user.post('/api/users', { name: 'Nep', email: 'nep@example.com' })
    expect(created.status).toBe(403)
    expect((await user.post('/api/admin/backup', { format: 'json' })).status).toBe(403)
    const admin = await signIn(server, ADMIN)
    expect((await admin.get('/api/organisations')).status).toBe(403)
    const db = openOrganisationFile(server.dataDir, ORG)
    const inFile = db
      .prepare('select role_id, permission_id from role_permissions order by 1, 2')
      .raw()
      .all()
    db.close()
    const seeded = USER_ROLES.flatMap((role) =>
      ROLE_PERMISSIONS[role].map((permission) => [role, permission]),
    ).sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : 1))
    expect(inFile).toEqual(seeded)
  })

  test('a row of another organisation is refused', async () => {
    const backup = await downloadBackup()
    userRow(backup, USER.email).set('organization_id', 'default-org')
    await expectRefused(backup, /tabel users, rij \d+: organisatie default-org/)
  })

  test("a row carrying the platform owner's id is refused, and nobody signs in as them", async () => {
    const backup = await downloadBackup()
    const { columns, rows } = backup.tables.users as Table
    const forged = [...userRow(backup, OWNER.email).row]
    forged[columns.indexOf('id')] = platformOwnerId
    forged[columns.indexOf('email')] = 'second-me@klant-c.example'
    rows.push(forged)
    await expectRefused(
      backup,
      new RegExp(`tabel users, rij ${rows.length}: id .* hoort bij een andere organisatie`),
    )
    // The same row claiming the platform organisation is refused as well.
    forged[columns.indexOf('organization_id')] = 'default-org'
    await expectRefused(backup, new RegExp(`tabel users, rij ${rows.length}: `))
    const login = await createClient(server.url).post('/api/auth/login/email', {
      email: 'second-me@klant-c.example',
      password: OWNER.password,
    })
    expect(login.status).toBe(401)
    const system = openSystemFile(server.dataDir)
    const entries = system
      .prepare('select organization_id from login_directory where user_id = ?')
      .pluck()
      .all(platformOwnerId)
    system.close()
    expect(entries).toEqual(['default-org'])
  })

  test("a Gold Estates account carrying another organisation's id is refused", async () => {
    const backup = await downloadBackup()
    const { columns, rows } = backup.tables.sales_users as Table
    const forged = [...(rows[0] ?? [])]
    forged[columns.indexOf('id')] = platformSalesUserId
    forged[columns.indexOf('email')] = 'second-sales@klant-c.example'
    rows.push(forged)
    await expectRefused(
      backup,
      new RegExp(`tabel sales_users, rij ${rows.length}: id .* hoort bij een andere organisatie`),
    )
  })

  test("an SSO subject of another organisation's account is refused", async () => {
    const system = openSystemFile(server.dataDir)
    system
      .prepare("update login_directory set oidc_subject = 'platform-subject' where user_id = ?")
      .run(platformOwnerId)
    system.close()
    const backup = await downloadBackup()
    userRow(backup, OWNER.email).set('oidc_subject', 'platform-subject')
    await expectRefused(backup, /tabel users, rij \d+: oidc_subject platform-subject hoort bij/)
  })

  test('an unknown role is refused', async () => {
    const backup = await downloadBackup()
    userRow(backup, USER.email).set('role', 'ROOT')
    await expectRefused(backup, /tabel users, rij \d+: role ROOT bestaat niet/)
  })

  test('links to accounts the backup does not hold are refused', async () => {
    const backup = await downloadBackup()
    rowsOf(backup, 'sales_users')[0]?.set('centraal_user_id', platformOwnerId)
    await expectRefused(
      backup,
      /tabel sales_users, rij 1: centraal_user_id .* bestaat niet in users/,
    )
    const other = await downloadBackup()
    rowsOf(other, 'cross_app_access')[0]?.set('target_user_id', platformSalesUserId)
    await expectRefused(
      other,
      /tabel cross_app_access, rij 1: target_user_id .* bestaat niet in sales_users/,
    )
  })

  describe('an ADMIN holding backup.run (an older direct grant, written into the file)', () => {
    let adminId: string
    beforeAll(async () => {
      adminId = userRow(await downloadBackup(), ADMIN.email).get('id') as string
      writeFile("insert into user_permissions values (?, 'backup.run', 1)", adminId)
    })
    afterAll(() => {
      writeFile(
        "delete from user_permissions where user_id = ? and permission_id = 'backup.run'",
        adminId,
      )
    })

    test('cannot restore themself to SUPERADMIN', async () => {
      const backup = await downloadBackup()
      userRow(backup, ADMIN.email).set('role', 'SUPERADMIN')
      await expectRefused(
        backup,
        /tabel users, rij \d+: de rol SUPERADMIN kun je niet toekennen/,
        ADMIN,
      )
    })

    test("cannot put their own password on the owner's account", async () => {
      const backup = await downloadBackup()
      const hash = userRow(backup, ADMIN.email).get('password_hash')
      userRow(backup, OWNER.email).set('password_hash', hash)
      await expectRefused(
        backup,
        /tabel users, rij \d+: het account owner@klant-c\.example \(SUPERADMIN\) mag je niet wijzigen/,
        ADMIN,
      )
      const login = await createClient(server.url).post('/api/auth/login/email', {
        email: OWNER.email,
        password: ADMIN.password,
      })
      expect(login.status).toBe(401)
    })

    test('cannot leave the owner out (the owner would become a tombstone)', async () => {
      const backup = await downloadBackup()
      const ownerId = userRow(backup, OWNER.email).get('id')
      const users = backup.tables.users as Table
      users.rows = users.rows.filter((row) => !row.includes(ownerId))
      // Without the owner's Gold Estates link, nothing else in the file names them.
      ;(backup.tables.cross_app_access as Table).rows = []
      for (const salesUser of rowsOf(backup, 'sales_users')) {
        if (salesUser.get('centraal_user_id') === ownerId) salesUser.set('centraal_user_id', null)
      }
      await expectRefused(
        backup,
        /owner@klant-c\.example \(SUPERADMIN\) mag je niet verwijderen/,
        ADMIN,
      )
    })

    test("cannot withdraw the owner's rights", async () => {
      const backup = await downloadBackup()
      const at = newGrant(backup, OWNER.email, 'users.write', 0)
      await expectRefused(
        backup,
        new RegExp(`tabel user_permissions, rij ${at}: de rechten`),
        ADMIN,
      )
    })

    test('cannot give themself a Gold Estates ADMIN account', async () => {
      const backup = await downloadBackup()
      const hash = userRow(backup, ADMIN.email).get('password_hash')
      const at = newRow(backup, 'sales_users', {
        id: 'forged-sales-admin',
        organization_id: ORG,
        name: 'Nep',
        email: 'forged-sales@klant-c.example',
        password_hash: hash,
        role: 'ADMIN',
        status: 'active',
        email_notifications: 1,
        activity_alerts: 1,
        created_at: 0,
        updated_at: 0,
      })
      await expectRefused(backup, new RegExp(`tabel sales_users, rij ${at}: Gold Estates`), ADMIN)
    })
  })

  test('outbox and queue rows in a file are ignored; the current ones stay', async () => {
    writeFile(
      "insert into webhook_outbox (id, sale_id, payload, status, attempts, next_attempt_at, created_at) values ('current-delivery', 'current-sale', '{}', 'delivered', 1, 0, 0)",
    )
    writeFile(
      "insert into sync_queue (id, organization_id, user_id, operation, entity, entity_id, status, created_at) values ('current-refusal', ?, 'someone', 'update', 'users', 'x', 'refused', 0)",
      ORG,
    )
    const backup = await downloadBackup()
    const outbox = backup.tables.webhook_outbox as Table
    outbox.rows = []
    newRow(backup, 'webhook_outbox', {
      id: 'forged-delivery',
      sale_id: 'no-such-sale',
      payload: '{}',
      status: 'delivered',
      attempts: 0,
      next_attempt_at: 0,
      created_at: 0,
    })
    const queue = backup.tables.sync_queue as Table
    queue.rows = []
    const restored = await restore(await signIn(server, OWNER), backup)
    expect(restored.status, restored.text).toBe(200)
    const db = openOrganisationFile(server.dataDir, ORG)
    expect(db.prepare('select id from webhook_outbox').pluck().all()).toEqual(['current-delivery'])
    expect(db.prepare('select id from sync_queue').pluck().all()).toEqual(['current-refusal'])
    db.close()
  })
})
