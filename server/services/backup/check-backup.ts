import type Database from 'better-sqlite3'
import { type BackupDocument, BackupDocumentSchema, type BackupTable } from '#schema/backup'
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

/** The values of one column of a backup table (empty when the table or column is absent). */
export function columnValues(table: BackupTable | undefined, column: string) {
  const position = table?.columns.indexOf(column) ?? -1
  return position < 0 || !table ? [] : table.rows.map((row) => row[position])
}

function checkTable(table: TableInfo, backupTable: BackupTable) {
  const known = new Set(table.columns.map((column) => column.name))
  const seen = new Set<string>()
  for (const column of backupTable.columns) {
    if (!known.has(column)) refuse(`tabel ${table.name}: onbekende kolom ${column}`)
    if (seen.has(column)) refuse(`tabel ${table.name}: kolom ${column} staat er twee keer in`)
    seen.add(column)
  }
  for (const column of table.columns) {
    if (column.isRequired && !seen.has(column.name)) {
      refuse(`tabel ${table.name}: kolom ${column.name} ontbreekt`)
    }
  }
  const required = backupTable.columns.map(
    (name) => table.columns.find((column) => column.name === name)?.isRequired ?? false,
  )
  const width = backupTable.columns.length
  backupTable.rows.forEach((row, index) => {
    if (row.length !== width) {
      refuse(`tabel ${table.name}, rij ${index + 1}: ${row.length} waarden voor ${width} kolommen`)
    }
    for (let position = 0; position < width; position++) {
      const value = row[position]
      if (value === null) {
        if (required[position]) {
          refuse(
            `tabel ${table.name}, rij ${index + 1}: kolom ${backupTable.columns[position]} ontbreekt`,
          )
        }
      } else if (typeof value !== 'string' && typeof value !== 'number') {
        refuse(
          `tabel ${table.name}, rij ${index + 1}: kolom ${backupTable.columns[position]} heeft een ongeldige waarde`,
        )
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
    const emails = columnValues(backup.tables[table], 'email')
    const deleted = columnValues(backup.tables[table], 'deleted')
    emails.forEach((email, index) => {
      if (deleted[index] === 1 || typeof email !== 'string') return
      const owner = find(systemDb, email)
      if (owner && owner.organizationId !== organisationId) {
        refuse(`e-mailadres ${email} hoort bij een andere organisatie`)
      }
    })
  }
}

/**
 * Checks a whole JSON backup before anything is written: format and version, that it is
 * this organisation's, every table and column known, required columns present, every
 * value a text, number or null, every reference resolvable, no e-mail address of another
 * organisation. Throws 400 naming the first problem.
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
  for (const [name, backupTable] of Object.entries(backup.tables)) {
    const table = byName.get(name)
    if (!table) refuse(`onbekende tabel ${name}`)
    checkTable(table, backupTable)
  }
  if (!backup.tables.users?.rows.length) refuse('de backup bevat geen gebruikers')
  for (const reference of REFERENCES) {
    const targets = new Set(columnValues(backup.tables[reference.target], 'id'))
    for (const value of columnValues(backup.tables[reference.table], reference.column)) {
      if (!targets.has(value ?? null)) {
        refuse(
          `tabel ${reference.table}: ${reference.column} ${value} bestaat niet in ${reference.target}`,
        )
      }
    }
  }
  checkEmails(systemDb, organisationId, backup)
  return { backup, tables }
}
