import type Database from 'better-sqlite3'
import { type BackupDocument, BackupDocumentSchema } from '#schema/backup'
import type { SystemDb } from '../../db/system-db.ts'
import { AppError } from '../../http/app-error.ts'
import { findCentralAccount } from '../accounts/find-central-account.ts'
import { findSalesAccount } from '../sales-accounts/find-sales-account.ts'
import { listOrganisationTables, type TableInfo } from './organisation-tables.ts'

// Which column of which table must name a row of another table.
const REFERENCES: { table: string; column: string; target: string }[] = [
  { table: 'sales', column: 'project_id', target: 'sales_projects' },
  { table: 'commissions', column: 'sale_id', target: 'sales' },
  { table: 'commissions', column: 'seller_id', target: 'sales_sellers' },
  { table: 'user_permissions', column: 'user_id', target: 'users' },
  { table: 'usage_tracking', column: 'app_connection_id', target: 'app_connections' },
]

function refuse(message: string): never {
  throw new AppError('invalid_input', `Ongeldige backup: ${message}`)
}

function checkRows(table: TableInfo, rows: BackupDocument['tables'][string]) {
  const known = new Set(table.columns.map((column) => column.name))
  rows.forEach((row, index) => {
    for (const column of Object.keys(row)) {
      if (!known.has(column))
        refuse(`tabel ${table.name}, rij ${index + 1}: onbekende kolom ${column}`)
    }
    for (const column of table.columns) {
      if (column.isRequired && (row[column.name] === undefined || row[column.name] === null)) {
        refuse(`tabel ${table.name}, rij ${index + 1}: kolom ${column.name} ontbreekt`)
      }
    }
  })
}

function checkEmails(systemDb: SystemDb, organisationId: string, backup: BackupDocument) {
  const accounts = [
    { table: 'users', find: findCentralAccount },
    { table: 'sales_users', find: findSalesAccount },
  ]
  for (const { table, find } of accounts) {
    for (const row of backup.tables[table] ?? []) {
      if (row.deleted === 1 || typeof row.email !== 'string') continue
      const owner = find(systemDb, row.email)
      if (owner && owner.organizationId !== organisationId) {
        refuse(`e-mailadres ${row.email} hoort bij een andere organisatie`)
      }
    }
  }
}

/**
 * Checks a whole JSON backup before anything is written: format and version, that it is
 * this organisation's, every table and column known, required columns present, every
 * reference resolvable, no e-mail address of another organisation. Throws 400 naming the
 * first problem.
 */
export function checkBackup(
  client: Database.Database,
  systemDb: SystemDb,
  organisationId: string,
  input: unknown,
): { backup: BackupDocument; tables: TableInfo[] } {
  const parsed = BackupDocumentSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    refuse(issue ? `${issue.path.join('.') || 'bestand'}: ${issue.message}` : 'onleesbaar bestand')
  }
  const backup = parsed.data
  if (backup.organisation.id !== organisationId) {
    refuse('deze backup hoort bij een andere organisatie')
  }
  const tables = listOrganisationTables(client)
  const byName = new Map(tables.map((table) => [table.name, table]))
  for (const [name, rows] of Object.entries(backup.tables)) {
    const table = byName.get(name)
    if (!table) refuse(`onbekende tabel ${name}`)
    checkRows(table, rows)
  }
  if (!backup.tables.users?.length) refuse('de backup bevat geen gebruikers')
  for (const reference of REFERENCES) {
    const targets = new Set((backup.tables[reference.target] ?? []).map((row) => row.id))
    for (const row of backup.tables[reference.table] ?? []) {
      if (!targets.has(row[reference.column] ?? null)) {
        refuse(
          `tabel ${reference.table}: ${reference.column} ${row[reference.column]} bestaat niet in ${reference.target}`,
        )
      }
    }
  }
  checkEmails(systemDb, organisationId, backup)
  return { backup, tables }
}
