import { closeSync, openSync, readSync } from 'node:fs'
import { AppError } from '../../errors/app-error.ts'

// A JSON backup as the restore reads it: from a file on disk (receive-backup.ts put it
// there as it arrived), never whole in memory. Backups written by Centraal put the header
// on the first line, each table's start on a line of its own and each row on its own line
// (see create-backup-file.ts). One pass finds where each table's rows are; afterwards a
// table's rows are read from disk one line at a time, each time they are needed. A small
// file in any other JSON layout (a hand-written one) is parsed whole.

/** Rows of one table: how many, and a fresh pass over them (each row parsed as it comes). */
export type BackupRows = { readonly count: number; read(): Iterable<unknown> }

/** A backup table: its column names (unchecked) and its rows. */
export type BackupFileTable = { columns: unknown; rows: BackupRows | null }

/** A backup file read far enough to check it: its header and each table (null: no tables). */
export type BackupFile = {
  header: unknown
  tables: Map<string, BackupFileTable> | null
}

/** How a received backup is laid out (receive-backup.ts decides from its first line). */
export type BackupLayout = 'lines' | 'whole'

// JSON.parse holds about 30 times a text of empty objects ('[{},{},…]'): 16 MiB of it
// took 500 MB. A row written through the API is at most about the 1 MiB request limit.
/** The largest file in another layout than Centraal's, which is parsed whole. */
export const MAX_WHOLE_BYTES = 2 * 1024 * 1024
/** The first line of Centraal's layout ends with this. */
export const TABLES_START = ',"tables":{'
/** No line of a backup is longer (a row of very long texts stays below it). */
export const MAX_LINE_BYTES = 2 * 1024 * 1024

const NOT_JSON = 'Ongeldige backup: het bestand is geen geldige JSON'
const ROWS_START = '"rows":['
const CHUNK_BYTES = 1024 * 1024

function notJson(): never {
  throw new AppError('invalid_input', NOT_JSON)
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    notJson()
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The lines of a byte range of a file, with the offset each starts at, read in pieces. */
function* readLines(
  path: string,
  from = 0,
  to = Number.POSITIVE_INFINITY,
): Generator<{ start: number; text: string }> {
  const fd = openSync(path, 'r')
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES)
    let pending = Buffer.alloc(0)
    let pendingStart = from
    let position = from
    for (;;) {
      const wanted = Math.min(CHUNK_BYTES, to - position)
      const read = wanted > 0 ? readSync(fd, chunk, 0, wanted, position) : 0
      position += read
      let buffer = read > 0 ? Buffer.concat([pending, chunk.subarray(0, read)]) : pending
      let lineStart = 0
      for (let end = buffer.indexOf(10); end >= 0; end = buffer.indexOf(10, lineStart)) {
        yield { start: pendingStart + lineStart, text: buffer.toString('utf8', lineStart, end) }
        lineStart = end + 1
      }
      buffer = buffer.subarray(lineStart)
      pendingStart += lineStart
      if (buffer.length > MAX_LINE_BYTES) {
        throw new AppError('invalid_input', 'Ongeldige backup: een regel is te lang')
      }
      pending = Buffer.from(buffer)
      if (read === 0) {
        if (pending.length > 0) yield { start: pendingStart, text: pending.toString('utf8') }
        return
      }
    }
  } finally {
    closeSync(fd)
  }
}

/** Reads a received backup; answers 400 when it is not a backup at all. */
export function readBackupFile(path: string, layout: BackupLayout): BackupFile {
  return layout === 'lines' ? readByLines(path) : readWhole(path)
}

function readWhole(path: string): BackupFile {
  const text = [...readLines(path)].map((line) => line.text).join('\n')
  const document = parse(text)
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
  if (!isObject(document)) return { header: document, tables: null }
  const { tables, ...header } = document
  if (!isObject(tables)) return { header, tables: null }
  const result = new Map<string, BackupFileTable>()
  for (const [name, table] of Object.entries(tables)) {
    const { columns, rows } = isObject(table) ? table : { columns: undefined, rows: undefined }
    result.set(name, {
      columns,
      rows: Array.isArray(rows) ? { count: rows.length, read: () => rows } : null,
    })
  }
  return { header, tables: result }
}

/**
 * Centraal's line layout: one pass notes each table's columns and where its rows start and
 * end; nothing per row is kept.
 */
function readByLines(path: string): BackupFile {
  const lines = readLines(path)
  const first = lines.next()
  const firstText = first.done ? '' : first.value.text
  const header = parseOrUndefined(`${firstText.slice(0, -TABLES_START.length)}}`)
  if (!firstText.endsWith(TABLES_START) || header === undefined) notJson()
  const tables = new Map<string, BackupFileTable>()
  let table: { name: string; columns: unknown; from: number; count: number } | null = null
  // After the last table's "]}" comes "}}", and nothing else.
  let state: 'tables' | 'end' | 'done' = 'tables'
  for (const { start, text } of lines) {
    if (state === 'done') notJson()
    if (state === 'end' || (text === '}}' && tables.size === 0 && !table)) {
      if (text !== '}}') notJson()
      state = 'done'
      continue
    }
    if (table) {
      if (text === ']},' || text === ']}') {
        const { from, count } = table
        tables.set(table.name, {
          columns: table.columns,
          rows: { count, read: () => readRows(path, from, start, count) },
        })
        table = null
        if (text === ']}') state = 'end'
      } else {
        table.count++
      }
      continue
    }
    if (!text.endsWith(ROWS_START)) notJson()
    const opened = parseOrUndefined(`{${text}]}}`) as
      | Record<string, { columns: unknown }>
      | undefined
    const [name, ...others] = Object.keys(opened ?? {})
    if (!opened || !name || others.length > 0 || tables.has(name)) notJson()
    const from = start + Buffer.byteLength(text) + 1
    table = { name, columns: opened[name]?.columns, from, count: 0 }
  }
  if (state !== 'done') notJson()
  return { header, tables }
}

/** The rows between two offsets: every row but the last ends with its separating comma. */
function* readRows(path: string, from: number, to: number, count: number): Iterable<unknown> {
  let index = 0
  for (const { text } of readLines(path, from, to)) {
    const hasComma = text.endsWith(',')
    if (hasComma !== index < count - 1) notJson()
    yield parse(hasComma ? text.slice(0, -1) : text)
    index++
  }
}
