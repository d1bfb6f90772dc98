import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { format } from 'date-fns/format'
import { strFromU8, unzipSync } from 'fflate'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import type { Project, Pulled, Sales, Seller } from '../support/answers.ts'
import { downloadBackup } from '../support/api-backup.ts'
import { type Client, createClient } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { openOrganisationFile, openSystemFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>
type Restored = InferResponseType<TypedApi['admin']['restore']['$post'], 200>

let source: TestServer
let root: Client
// biome-ignore lint/suspicious/noExplicitAny: a backup is inspected table by table
let backup: Record<string, any>
let atBackup: ReturnType<typeof dumpOrganisation>
/** The downloaded file as it is: one row per line, as the restore reads it best. */
let backupText: string

const SKIPPED = new Set([
  '__drizzle_migrations',
  'idempotency_keys',
  'replication_counter',
  'sqlite_sequence',
])
const NOT_RESTORED = new Set([
  'permissions',
  'roles',
  'role_permissions',
  'webhook_outbox',
  'sync_queue',
])
const BLANKED = new Set([
  'setup_token_hash',
  'setup_token_expires',
  'google_access_token',
  'google_refresh_token',
])

type BackupTable = { columns: string[]; rows: unknown[][] }

/** A backup table's rows as objects keyed by column. */
function rowObjects(table: BackupTable) {
  return table.rows.map((row) =>
    Object.fromEntries(table.columns.map((column, index) => [column, row[index]])),
  )
}

/** A backup table with one column left out. */
function withoutColumn(table: BackupTable, column: string): BackupTable {
  const position = table.columns.indexOf(column)
  return {
    columns: table.columns.filter((_, index) => index !== position),
    rows: table.rows.map((row) => row.filter((_, index) => index !== position)),
  }
}

/** Every data table of an organisation file, rows keyed for comparison. */
function dumpOrganisation(dataDir: string, options: { live?: boolean } = {}) {
  const db = openOrganisationFile(dataDir)
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' order by name")
    .pluck()
    .all() as string[]
  const dump: Record<string, Record<string, unknown>[]> = {}
  for (const table of tables.filter((name) => !SKIPPED.has(name))) {
    const rows = db.prepare(`select * from "${table}"`).all() as Record<string, unknown>[]
    dump[table] = rows
      .filter((row) => !options.live || row.deleted !== 1)
      .map((row) =>
        Object.fromEntries(
          Object.entries(row).filter(
            ([column]) => !BLANKED.has(column) && column !== 'seq' && column !== 'updated_at',
          ),
        ),
      )
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
  }
  db.close()
  return dump
}

beforeAll(async () => {
  source = await startTestServer()
  root = await signInFirstSuperadmin(source)
  await signInInvitedUser(source, { email: 'member@example.com', role: 'USER' })
  await root.post('/api/app-connections', {
    name: 'CRM',
    url: 'https://crm.example.com',
    description: 'Klanten',
  })
  await root.post('/api/admin/launch-gold-estates')
  const project = (
    await root.post('/api/gold-estates/projects', { name: 'Havenkwartier', label: 'Nieuwbouw' })
  ).json as Project
  const seller = (
    await root.post('/api/gold-estates/sellers', { name: 'Cor Closer', email: 'cor@example.com' })
  ).json as Seller
  const sale = buildSalePayload({
    projectId: project.id,
    salePrice: 45_000_000,
    lines: [{ sellerId: seller.id, percentage: 100 }],
  })
  expect((await root.post('/api/gold-estates/sales', sale)).status).toBe(201)
  const response = await root.post('/api/admin/backup', { format: 'json' })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="centraal-backup-default-org-${format(new Date(), 'yyyy-MM-dd')}.json"`,
  )
  backup = response.json
  backupText = response.text
  atBackup = dumpOrganisation(source.dataDir)
})
afterAll(() => source.close())

describe('downloads', () => {
  test('the JSON backup has every table, password hashes, and no live tokens', () => {
    expect(backup).toMatchObject({
      format: 'centraal-backup',
      formatVersion: 2,
      organisation: { id: 'default-org', slug: 'default-org' },
    } satisfies PartOf<typeof backup>)
    for (const table of [
      'users',
      'app_connections',
      'activities',
      'sales',
      'commissions',
      'sales_projects',
      'sales_sellers',
      'cross_app_access',
      'sales_users',
    ]) {
      expect(backup.tables[table]?.rows.length, table).toBeGreaterThan(0)
    }
    const users = rowObjects(backup.tables.users)
    expect(users.every((user) => String(user.password_hash).startsWith('$argon2id$'))).toBe(true)
    expect(users.every((user) => user.setup_token_hash === null)).toBe(true)
    expect(backup.tables.sessions).toBeUndefined()
  })

  test('CSV is a zip with one CSV per table', async () => {
    const response = await downloadBackup(source, root, 'csv')
    expect(response.headers.get('content-disposition')).toMatch(/\.zip"$/)
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    expect(Object.keys(files)).toContain('users.csv')
    const users = strFromU8(files['users.csv']!).split('\r\n')
    expect(users[0]).toMatch(/^id,seq,updated_at,deleted,organization_id,name,email/)
    expect(users.filter(Boolean)).toHaveLength(3)
  })

  test('the sqlite backup opens and passes integrity_check', async () => {
    const response = await downloadBackup(source, root, 'sqlite')
    const folder = mkdtempSync(path.join(tmpdir(), 'centraal-sqlite-'))
    const file = path.join(folder, 'copy.sqlite')
    writeFileSync(file, new Uint8Array(await response.arrayBuffer()))
    const copy = new Database(file, { readonly: true })
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(copy.prepare('select count(*) from sales').pluck().get()).toBe(1)
    copy.close()
    rmSync(folder, { recursive: true })
  })

  test('a USER may not make a backup (403)', async () => {
    const user = await signInInvitedUser(source, { email: 'nobackup@example.com', role: 'USER' })
    expect((await user.post('/api/admin/backup', { format: 'json' })).status).toBe(403)
    expect((await user.post('/api/admin/restore', backup)).status).toBe(403)
  })
})

describe('restore', () => {
  test('into a fresh data directory: every table compares equal and people sign in again', async () => {
    const target = await startTestServer()
    try {
      const admin = await signInFirstSuperadmin(target)
      expect(backupText.split('\n').length).toBeGreaterThan(10)
      const restored = await admin.post('/api/admin/restore', backupText)
      expect(restored.status).toBe(200)
      expect((restored.json as Restored).tables.users).toBe(2)
      expect((await admin.get('/api/auth/user')).status).toBe(401)

      // Rows of the backup come back as they were; rows the fresh directory had before
      // (its own first admin, its activities) stay only as tombstones.
      const after = dumpOrganisation(target.dataDir)
      // The triggers the restore set aside while it wrote (a line's write moves its sale's
      // seq) are back, as are the indexes.
      const file = openOrganisationFile(target.dataDir)
      const triggers = file
        .prepare("select name from sqlite_master where type = 'trigger' order by name")
        .pluck()
        .all()
      file.close()
      expect(triggers).toEqual([
        'commissions_touch_sale_after_insert',
        'commissions_touch_sale_after_update',
      ])
      for (const [table, rows] of Object.entries(atBackup)) {
        // Product definitions and this server's work in progress are never restored.
        if (NOT_RESTORED.has(table)) continue
        const ids = new Set(rows.map((row) => row.id))
        const restored = after[table]!.filter((row) => !('id' in row) || ids.has(row.id))
        const others = after[table]!.filter((row) => 'id' in row && !ids.has(row.id))
        expect(restored, table).toEqual(rows)
        // Besides them the log has one new entry: the restore itself, written after it.
        const isRestoreNote = (row: Record<string, unknown>) =>
          table === 'activities' && row.action === 'Backup teruggezet' && row.deleted === 0
        expect(
          others.every((row) => row.deleted === 1 || isRestoreNote(row)),
          table,
        ).toBe(true)
      }
      const notes = after.activities!.filter((row) => row.action === 'Backup teruggezet')
      expect(notes).toHaveLength(1)
      expect(notes[0]).toMatchObject({ user: 'Root Admin', type: 'settings', deleted: 0 })
      expect(notes[0]!.target).toMatch(/^backup van \d{1,2} \w+ \d{4} om \d{2}:\d{2}$/)

      const again = createClient(target.url)
      expect(
        (
          await again.post('/api/auth/login/email', {
            email: 'root@example.com',
            password: 'root password',
          })
        ).status,
      ).toBe(200)
      // Signed in again, the person reads which backup was restored, when and by whom.
      expect(((await again.get('/api/auth/user')).json as User).lastRestore).toEqual({
        restoredAt: expect.any(Number),
        backupCreatedAt: JSON.parse(backupText).createdAt,
        restoredBy: 'Root Admin',
      } satisfies User['lastRestore'])
      expect((await again.get('/api/gold-estates/sales')).status).toBe(401)
      expect((await again.post('/api/admin/launch-gold-estates')).status).toBe(200)
      expect((await again.get('/api/gold-estates/sales')).json as Sales).toHaveLength(1)
      const pulled = await again.get('/api/sync/v1/users/pull?checkpoint=0&limit=100')
      expect((pulled.json as Pulled).documents.filter((doc) => !doc._deleted)).toHaveLength(2)
    } finally {
      await target.close()
    }
  })

  test('bad files answer 400 naming the problem and change nothing', async () => {
    const admin = createClient(source.url)
    await admin.post('/api/auth/login/email', {
      email: 'root@example.com',
      password: 'root password',
    })
    const untouched = dumpOrganisation(source.dataDir)
    const text = JSON.stringify(backup)
    const send = (body: string) => admin.request('POST', '/api/admin/restore', body)
    const cases: [string, string, RegExp][] = [
      ['corrupted', text.replace('"tables":{', '"tables":{{'), /geen geldige JSON/],
      ['truncated', text.slice(0, text.length / 2), /geen geldige JSON/],
      ['wrong version', JSON.stringify({ ...backup, formatVersion: 1 }), /formaatversie 2/],
      ['not a backup', JSON.stringify({ hello: 'world' }), /Centraal-backup/],
      [
        'the file cut off after a row',
        backupText.split('\n').slice(0, 8).join('\n'),
        /geen geldige JSON/,
      ],
      ['a row line without its comma', backupText.replace(/\],\n\[/, ']\n['), /geen geldige JSON/],
      [
        'a short row',
        JSON.stringify({
          ...backup,
          tables: {
            ...backup.tables,
            sales: { ...backup.tables.sales, rows: [backup.tables.sales.rows[0].slice(1)] },
          },
        }),
        /tabel sales, rij 1: \d+ waarden voor \d+ kolommen/,
      ],
      [
        'a value that is no text or number',
        JSON.stringify({
          ...backup,
          tables: {
            ...backup.tables,
            app_connections: {
              ...backup.tables.app_connections,
              rows: backup.tables.app_connections.rows.map((row: unknown[]) =>
                row.map((value, index) =>
                  backup.tables.app_connections.columns[index] === 'name' ? { x: 1 } : value,
                ),
              ),
            },
          },
        }),
        /app_connections, rij 1: kolom name heeft een ongeldige waarde/,
      ],
      [
        'other organisation',
        JSON.stringify({ ...backup, organisation: { ...backup.organisation, id: 'acme' } }),
        /andere organisatie/,
      ],
      [
        'unknown table',
        JSON.stringify({
          ...backup,
          tables: { ...backup.tables, secrets: { columns: ['id'], rows: [] } },
        }),
        /onbekende tabel secrets/,
      ],
      [
        'broken reference',
        JSON.stringify({
          ...backup,
          tables: { ...backup.tables, sales: { ...backup.tables.sales, rows: [] } },
        }),
        /tabel commissions, rij \d+: sale_id .* bestaat niet in sales/,
      ],
      [
        'missing column',
        JSON.stringify({
          ...backup,
          tables: {
            ...backup.tables,
            users: withoutColumn(backup.tables.users, 'email'),
          },
        }),
        /kolom email ontbreekt/,
      ],
    ]
    for (const [name, body, message] of cases) {
      const response = await send(body)
      expect(response.status, name).toBe(400)
      expect((response.json as ErrorAnswer).message, name).toMatch(message)
    }
    expect(dumpOrganisation(source.dataDir)).toEqual(untouched)
    expect((await admin.get('/api/auth/user')).status).toBe(200)
  })

  test('restores an address another organisation also uses, which keeps its own account', async () => {
    const target = await startTestServer()
    try {
      const { createOrganisation } = await import(
        '#server/services/platform-organisations/create-organisation'
      )
      await createOrganisation(target.deps, { id: 'acme', name: 'Acme', slug: 'acme' })
      await signInInvitedUser(target, { email: 'member@example.com', role: 'USER', org: 'acme' })
      const admin = await signInFirstSuperadmin(target)
      const response = await admin.post('/api/admin/restore', backup)
      expect(response.status, response.text).toBe(200)
      const system = openSystemFile(target.dataDir)
      const owners = system
        .prepare("select organization_id from login_directory where email = 'member@example.com'")
        .pluck()
        .all()
      system.close()
      expect(owners.sort()).toEqual(['acme', 'default-org'])
    } finally {
      await target.close()
    }
  })
})
