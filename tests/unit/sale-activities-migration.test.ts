import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { afterAll, expect, test } from 'vitest'

// Migration 0011: the activities a sale's review, correction, cancellation or import wrote
// with the type 'app' become 'sale', found by what they name (metadata.saleId,
// metadata.salesImported), with a new seq so every device pulls them again.

const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/db/migrations/organisation')
const dir = mkdtempSync(path.join(tmpdir(), 'centraal-0011-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The migrations folder as it was before 0011. */
function migrationsBefore0011() {
  const folder = path.join(dir, 'before')
  cpSync(MIGRATIONS, folder, { recursive: true })
  const journalFile = path.join(folder, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'))
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 11)
  writeFileSync(journalFile, JSON.stringify(journal))
  return folder
}

test('sales activities written as app become sale; the others stay, and devices pull them again', () => {
  const client = new Database(path.join(dir, 'org.sqlite'))
  const db = drizzle({ client })
  migrate(db, { migrationsFolder: migrationsBefore0011() })
  const insert = client.prepare(
    `insert into activities (id, seq, updated_at, deleted, organization_id, user, action, target, timestamp, type, metadata)
     values (?, ?, 1, 0, 'o', 'Root', ?, 't', 1, ?, ?)`,
  )
  const rows = [
    ['a1', 1, 'Verkoop goedgekeurd', 'app', '{"saleId":"s1"}'],
    ['a2', 2, 'Verkoop gecorrigeerd', 'app', '{"saleId":"s1","before":{}}'],
    ['a3', 3, 'Verkoop afgewezen', 'app', '{"saleId":"s2","reason":"x"}'],
    ['a4', 4, '980 verkopen geïmporteerd', 'app', '{"salesImported":980}'],
    ['a5', 5, 'Gold Estates gelanceerd', 'app', null],
    ['a6', 6, 'App toegevoegd', 'app', '{"appId":"x"}'],
    ['a7', 7, 'Gebruiker bijgewerkt', 'user', '{"userId":"u"}'],
    ['a8', 8, 'Kapotte metadata', 'app', 'geen json'],
  ] as const
  for (const row of rows) insert.run(...row)
  client.prepare('insert or replace into replication_counter (id, value) values (1, 8)').run()

  migrate(db, { migrationsFolder: MIGRATIONS })
  const after = client.prepare('select id, type, seq from activities order by id').all() as {
    id: string
    type: string
    seq: number
  }[]
  expect(after.map(({ id, type }) => [id, type])).toEqual([
    ['a1', 'sale'],
    ['a2', 'sale'],
    ['a3', 'sale'],
    ['a4', 'sale'],
    ['a5', 'app'],
    ['a6', 'app'],
    ['a7', 'user'],
    ['a8', 'app'],
  ])
  const counter = client.prepare('select value from replication_counter').pluck().get() as number
  const changed = after.filter((row) => row.type === 'sale')
  for (const row of changed) expect(row.seq).toBeGreaterThan(8)
  expect(new Set(changed.map((row) => row.seq)).size).toBe(changed.length)
  expect(Math.max(...after.map((row) => row.seq))).toBeLessThanOrEqual(counter)
  // The others keep their seq: nothing to pull again.
  expect(after.find((row) => row.id === 'a6')?.seq).toBe(6)
  client.close()
})
