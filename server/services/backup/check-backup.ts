import type Database from 'better-sqlite3'
import { BackupHeaderSchema, type BackupValue } from '#schema/backup'
import { describeZodError } from '#schema/describe-zod-error'
import type { Actor } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'
import { listOrganisationTables, type TableInfo } from './organisation-tables.ts'
import type { BackupFile, BackupRows } from './read-backup-file.ts'
import { createRestoreRules, NOT_RESTORED, type RestoreRules } from './restore-rules.ts'

// Which column of which table must name a row of another table (or be null, if nullable).
const REFERENCES: { table: string; column: string; target: string; isNullable?: boolean }[] = [
  { table: 'sales', column: 'project_id', target: 'sales_projects' },
  { table: 'commissions', column: 'sale_id', target: 'sales' },
  { table: 'commissions', column: 'seller_id', target: 'sales_sellers' },
  { table: 'user_permissions', column: 'user_id', target: 'users' },
  { table: 'usage_tracking', column: 'app_connection_id', target: 'app_connections' },
  { table: 'sales_users', column: 'centraal_user_id', target: 'users', isNullable: true },
  { table: 'cross_app_access', column: 'centraal_user_id', target: 'users' },
  { table: 'cross_app_access', column: 'target_user_id', target: 'sales_users' },
  { table: 'commission_plan_versions', column: 'plan_id', target: 'commission_plans' },
  { table: 'seller_plan_placements', column: 'plan_id', target: 'commission_plans' },
  { table: 'seller_plan_placements', column: 'seller_id', target: 'sales_sellers' },
  { table: 'sales_project_rates', column: 'project_id', target: 'sales_projects' },
  {
    table: 'sales_project_rates',
    column: 'plan_id',
    target: 'commission_plans',
    isNullable: true,
  },
]

/** One table of a checked backup, with what the restore needs to write it. */
export type CheckedTable = { info: TableInfo; columns: string[]; rows: BackupRows }

// Tables whose ids other tables name: their ids are kept while the backup is checked.
const TARGETS = new Set(REFERENCES.map((reference) => reference.target))

function refuse(message: string): never {
  throw new AppError('invalid_input', `Ongeldige backup: ${message}`)
}

function checkColumns(table: TableInfo, columns: unknown): string[] {
  if (!Array.isArray(columns) || !columns.every((column) => typeof column === 'string')) {
    refuse(`tabel ${table.name}: columns moet een lijst van kolomnamen zijn`)
  }
  const known = new Set(table.columns.map((column) => column.name))
  const seen = new Set<string>()
  for (const column of columns) {
    if (!known.has(column)) refuse(`tabel ${table.name}: onbekende kolom ${column}`)
    if (seen.has(column)) refuse(`tabel ${table.name}: kolom ${column} staat er twee keer in`)
    seen.add(column)
  }
  for (const column of table.columns) {
    if (column.isRequired && !seen.has(column.name)) {
      refuse(`tabel ${table.name}: kolom ${column.name} ontbreekt`)
    }
  }
  return columns
}

/**
 * Checks every row of one table: width, value types, required values, the restore rules
 * (awaited for an account's row only, which the login directory is asked about).
 */
async function checkRows(
  table: TableInfo,
  columns: string[],
  rows: BackupRows,
  rules: RestoreRules,
  visit: (row: BackupValue[], where: string) => void,
) {
  const infoOf = (name: string) => table.columns.find((column) => column.name === name)
  const required = columns.map((name) => infoOf(name)?.isRequired ?? false)
  // A column with a default may be left out, but a null would break the row's NOT NULL.
  const notNull = columns.map((name) => infoOf(name)?.isNotNull ?? false)
  const width = columns.length
  const seqAt = columns.indexOf('seq')
  let index = 0
  for (const row of rows.read()) {
    const where = `tabel ${table.name}, rij ${index + 1}`
    if (!Array.isArray(row)) refuse(`${where}: een rij moet een lijst van waarden zijn`)
    if (row.length !== width) refuse(`${where}: ${row.length} waarden voor ${width} kolommen`)
    for (let position = 0; position < width; position++) {
      const value = row[position]
      if (value === null) {
        if (required[position]) refuse(`${where}: kolom ${columns[position]} ontbreekt`)
        if (notNull[position]) refuse(`${where}: kolom ${columns[position]} mag niet leeg zijn`)
      } else if (typeof value !== 'string' && typeof value !== 'number') {
        refuse(`${where}: kolom ${columns[position]} heeft een ongeldige waarde`)
      }
    }
    // The restore gives each row a new seq of base + old seq, which keeps their order.
    if (seqAt >= 0 && !(Number.isSafeInteger(row[seqAt]) && (row[seqAt] as number) >= 0)) {
      refuse(`${where}: kolom seq moet een heel getal van 0 of meer zijn`)
    }
    const asked = rules.check(table.name, columns, row as BackupValue[], where)
    if (asked) await asked
    visit(row as BackupValue[], where)
    index++
  }
}

/**
 * Checks a whole JSON backup before anything is written: format and version, that it is
 * this organisation's, every table and column known, required columns present, every
 * value a text, number or null, every reference resolvable, and the restore rules (restore-rules.ts: nothing the restorer could not
 * write through the screens). Throws 400 naming the first problem. Each row is visited
 * once. Tables a restore never takes from a file (NOT_RESTORED) are left out.
 */
export async function checkBackup(
  client: Database.Database,
  directory: SystemDirectory,
  actor: Actor,
  file: BackupFile,
): Promise<CheckedTable[]> {
  const organisationId = actor.organisationId
  const rules = createRestoreRules(client, directory, actor)
  const header = BackupHeaderSchema.safeParse(file.header)
  if (!header.success) {
    refuse(describeZodError(header.error, 'onleesbaar bestand'))
  }
  if (header.data.organisation.id !== organisationId) {
    refuse('deze backup hoort bij een andere organisatie')
  }
  if (!file.tables) refuse('tables: de tabellen ontbreken')
  const known = listOrganisationTables(client)
  const byName = new Map(known.map((table) => [table.name, table]))
  const tables = known.filter((table) => !NOT_RESTORED.has(table.name))
  for (const name of file.tables.keys()) {
    if (!byName.has(name)) refuse(`onbekende tabel ${name}`)
  }
  // A table is checked after the tables its references point to, so every reference is
  // checked as its row is read, without keeping the values.
  const depth = (name: string): number =>
    Math.max(
      0,
      ...REFERENCES.filter((reference) => reference.table === name).map(
        (reference) => depth(reference.target) + 1,
      ),
    )
  const ordered = [...tables].sort((a, b) => depth(a.name) - depth(b.name))
  const idsOf = new Map<string, Set<BackupValue>>()
  const checked: CheckedTable[] = []
  for (const info of ordered) {
    const table = file.tables?.get(info.name)
    if (table && !table.rows) refuse(`tabel ${info.name}: rows moet een lijst van rijen zijn`)
    const columns = table ? checkColumns(info, table.columns) : ['id']
    if (table && info.isReplicated && !columns.includes('seq')) {
      refuse(`tabel ${info.name}: kolom seq ontbreekt`)
    }
    const rows = table?.rows ?? { count: 0, read: () => [] }
    const at = (name: string) => columns.indexOf(name)
    const idAt = at('id')
    const references = REFERENCES.filter((reference) => reference.table === info.name).map(
      (reference) => ({
        ...reference,
        position: at(reference.column),
        ids: idsOf.get(reference.target) ?? new Set(),
      }),
    )
    const ids = TARGETS.has(info.name) ? new Set<BackupValue>() : null
    await checkRows(info, columns, rows, rules, (row, where) => {
      ids?.add(idAt >= 0 ? (row[idAt] ?? null) : null)
      for (const reference of references) {
        const value = reference.position >= 0 ? (row[reference.position] ?? null) : null
        if (!(value === null && reference.isNullable) && !reference.ids.has(value)) {
          refuse(`${where}: ${reference.column} ${value} bestaat niet in ${reference.target}`)
        }
      }
    })
    rules.done(info.name)
    if (ids) idsOf.set(info.name, ids)
    checked.push({ info, columns, rows })
  }
  if (!checked.find((table) => table.info.name === 'users')?.rows.count) {
    refuse('de backup bevat geen gebruikers')
  }
  return checked
}
