import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { format } from 'date-fns'
import { strToU8, zipSync } from 'fflate'
import type { BackupFormat } from '#schema/backup'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { exportOrganisation } from './export-organisation.ts'
import { listOrganisationTables } from './organisation-tables.ts'

const CONTENT_TYPES: Record<BackupFormat, string> = {
  json: 'application/json',
  csv: 'application/zip',
  sqlite: 'application/vnd.sqlite3',
}

function toCsvValue(value: unknown) {
  if (value === null || value === undefined) return ''
  const text = String(value)
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

function toCsv(rows: Record<string, unknown>[], columns: string[]) {
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((column) => toCsvValue(row[column])).join(',')),
  ]
  return `${lines.join('\r\n')}\r\n`
}

async function copyLiveFile(ctx: ServiceContext) {
  // SQLite's online backup API: a consistent copy while the file is in use.
  const folder = mkdtempSync(path.join(tmpdir(), 'centraal-backup-'))
  const target = path.join(folder, 'organisation.sqlite')
  try {
    await ctx.db.$client.backup(target)
    return readFileSync(target)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/**
 * The organisation's backup as a download: one JSON document, a zip with one CSV per
 * table, or a consistent copy of the SQLite file. Named
 * centraal-backup-<slug>-<YYYY-MM-DD>.<ext>.
 */
export async function createBackupFile(ctx: ServiceContext, backupFormat: BackupFormat) {
  requirePermission(ctx.actor, 'backup.run')
  const backup = exportOrganisation(ctx)
  const date = format(new Date(backup.createdAt), 'yyyy-MM-dd')
  const baseName = `centraal-backup-${backup.organisation.slug}-${date}`
  let body: Uint8Array
  let extension: string
  if (backupFormat === 'json') {
    body = strToU8(JSON.stringify(backup))
    extension = 'json'
  } else if (backupFormat === 'csv') {
    const files = Object.fromEntries(
      listOrganisationTables(ctx.db.$client).map((table) => [
        `${table.name}.csv`,
        strToU8(
          toCsv(
            backup.tables[table.name] ?? [],
            table.columns.map((column) => column.name),
          ),
        ),
      ]),
    )
    body = zipSync(files)
    extension = 'zip'
  } else {
    body = await copyLiveFile(ctx)
    extension = 'sqlite'
  }
  return { body, fileName: `${baseName}.${extension}`, contentType: CONTENT_TYPES[backupFormat] }
}
