import type Database from 'better-sqlite3'

// Tables a backup leaves out: drizzle's migration log (the file's own version), the
// idempotency keys (answers to requests, not data) and the replication counter (a restore
// numbers rows above the file's own counter).
//
// The tables a restore ignores (restore-rules.ts NOT_RESTORED: permissions, roles and
// role_permissions, the webhook outbox and the sync queue) do stay in a download: they say
// what each role could do and which deliveries and refused writes were under way when the
// backup was made, which helps whoever reads the file, and they carry no secret. A restore
// skips them, so what a file says about them has no effect.
const NOT_BACKED_UP = new Set(['__drizzle_migrations', 'idempotency_keys', 'replication_counter'])

/** Secrets that a backup never carries: live setup tokens and Google tokens. */
export const BLANKED_COLUMNS: Record<string, readonly string[]> = {
  users: ['setup_token_hash', 'setup_token_expires'],
  sales_users: ['setup_token_hash', 'setup_token_expires'],
  backup_settings: ['google_access_token', 'google_refresh_token'],
}

/** A table of an organisation file as a backup sees it. */
export type TableInfo = {
  name: string
  /** isRequired: a row must give a value (NOT NULL without a default); isNotNull: never null. */
  columns: { name: string; isRequired: boolean; isNotNull: boolean }[]
  isReplicated: boolean
}

/** The organisation file's data tables with their columns, in a stable order. */
export function listOrganisationTables(client: Database.Database): TableInfo[] {
  const names = client
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
    )
    .pluck()
    .all() as string[]
  return names
    .filter((name) => !NOT_BACKED_UP.has(name))
    .map((name) => {
      const columns = (
        client.prepare(`pragma table_info("${name}")`).all() as {
          name: string
          notnull: number
          dflt_value: unknown
          pk: number
        }[]
      ).map((column) => ({
        name: column.name,
        isRequired: column.notnull === 1 && column.dflt_value === null,
        isNotNull: column.notnull === 1 || column.pk > 0,
      }))
      return { name, columns, isReplicated: columns.some((column) => column.name === 'seq') }
    })
}
