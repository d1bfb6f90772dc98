import { readFileSync, rmSync } from 'node:fs'
import { format } from 'date-fns/format'
import { strToU8, zipSync } from 'fflate'
import type { BackupFormat } from '#schema/backup'
import { toCsvCell } from '#schema/spreadsheet-cells'
import type { ServiceContext } from '../../context.ts'
import { copySqliteFile } from '../../db/copy-sqlite-file.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { type BackupContext, exportOrganisation, readBackupHeader } from './export-organisation.ts'

const CONTENT_TYPES: Record<BackupFormat, string> = {
  json: 'application/json',
  csv: 'application/zip',
  sqlite: 'application/vnd.sqlite3',
}

/** One CSV cell of the backup: texts that could run as a formula neutralised, and quoted. */
export function toCsvValue(value: unknown) {
  return toCsvCell(value)
}

/** Collects text in pieces of about 1 MB, so a large backup is never one huge string. */
function createChunkWriter() {
  const chunks: Uint8Array[] = []
  let pending: string[] = []
  let pendingLength = 0
  const flush = () => {
    if (pending.length > 0) chunks.push(strToU8(pending.join('')))
    pending = []
    pendingLength = 0
  }
  return {
    write(text: string) {
      pending.push(text)
      pendingLength += text.length
      if (pendingLength >= 1 << 20) flush()
    },
    /** The text so far as pieces of bytes. */
    finish(): Uint8Array[] {
      flush()
      return chunks
    },
  }
}

/**
 * The JSON backup, laid out for the restore's line reader (read-backup-file.ts): the header
 * on the first line, each table's start on its own line, one row per line, and "]}" (with
 * the comma before the next table) and "}}" closing. Still one ordinary JSON document.
 */
async function writeJsonBackup(ctx: BackupContext) {
  const tables = createChunkWriter()
  let separator = ''
  const header = await exportOrganisation(ctx, (table, rows) => {
    const columns = JSON.stringify(table.columns.map((column) => column.name))
    tables.write(`${separator}\n${JSON.stringify(table.name)}:{"columns":${columns},"rows":[`)
    separator = ','
    let rowSeparator = ''
    for (const row of rows) {
      tables.write(`${rowSeparator}\n${JSON.stringify(row)}`)
      rowSeparator = ','
    }
    tables.write('\n]}')
  })
  // The header (with its date) is known once the rows are read; it goes first in the file.
  const head = strToU8(`${JSON.stringify(header).slice(0, -1)},"tables":{`)
  return { header, body: [head, ...tables.finish(), strToU8('\n}}')] }
}

async function writeCsvBackup(ctx: BackupContext) {
  const files: Record<string, Uint8Array> = {}
  const header = await exportOrganisation(ctx, (table, rows) => {
    const csv = createChunkWriter()
    csv.write(`${table.columns.map((column) => column.name).join(',')}\r\n`)
    for (const row of rows) csv.write(`${row.map(toCsvValue).join(',')}\r\n`)
    files[`${table.name}.csv`] = Buffer.concat(csv.finish())
  })
  return { header, body: [zipSync(files)] }
}

/** The organisation's file as of one commit, copied as its S3 copy is (copySqliteFile). */
function copyLiveFile(ctx: ServiceContext) {
  const copy = copySqliteFile(ctx.db.$client.name, 'organisation')
  if (!copy) throw new Error(`No organisation file at ${ctx.db.$client.name}`)
  try {
    return readFileSync(copy.file)
  } finally {
    rmSync(copy.folder, { recursive: true, force: true })
  }
}

/**
 * The organisation's backup as a download: one JSON document, a zip with one CSV per
 * table, or a consistent copy of the SQLite file. Named
 * centraal-backup-<slug>-<YYYY-MM-DD>.<ext>. The body comes in pieces, sent one after the
 * other, so a large backup is never copied into one buffer.
 */
export async function createBackupFile(ctx: BackupContext, backupFormat: BackupFormat) {
  requirePermission(ctx.actor, 'backup.run')
  const { header, body } =
    backupFormat === 'json'
      ? await writeJsonBackup(ctx)
      : backupFormat === 'csv'
        ? await writeCsvBackup(ctx)
        : { header: await readBackupHeader(ctx), body: [copyLiveFile(ctx)] }
  const extension = { json: 'json', csv: 'zip', sqlite: 'sqlite' }[backupFormat]
  const date = format(new Date(header.createdAt), 'yyyy-MM-dd')
  return {
    body,
    fileName: `centraal-backup-${header.organisation.slug}-${date}.${extension}`,
    contentType: CONTENT_TYPES[backupFormat],
  }
}
