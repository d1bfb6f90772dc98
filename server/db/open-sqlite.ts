import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { cacheStatements } from './cache-statements.ts'
import { MIGRATIONS_ROOT } from './migrations-root.ts'

/** How long a connection waits for another one's write before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000

/**
 * Opens a SQLite file with the pragmas every file gets and applies its migrations.
 * synchronous=FULL: a write the client was told succeeded survives a power cut.
 */
export function openSqlite<TSchema extends Record<string, unknown>>(
  file: string,
  schema: TSchema,
  migrations: 'system' | 'organisation',
) {
  mkdirSync(path.dirname(file), { recursive: true })
  const client = new Database(file)
  client.pragma('journal_mode = WAL')
  client.pragma('synchronous = FULL')
  client.pragma('foreign_keys = ON')
  client.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  cacheStatements(client)
  const db = drizzle({ client, schema, casing: 'snake_case' })
  migrate(db, { migrationsFolder: path.join(MIGRATIONS_ROOT, migrations) })
  return db
}
