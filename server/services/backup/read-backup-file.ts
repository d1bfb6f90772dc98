import { AppError } from '../../http/app-error.ts'

// A JSON backup as the restore reads it. Backups written by Centraal put the header on
// the first line, each table's start on a line of its own and each row on its own line
// (see create-backup-file.ts). Such a file is read line by line: only the file's bytes
// and the line offsets stay in memory, and a row is parsed when it is visited, so a
// restore of hundreds of thousands of rows never holds them all as objects. Any other
// valid JSON (pretty-printed, or written by hand) is parsed whole.

/** Rows of one table, visited by index; a visit may parse the row afresh. */
export type BackupRows = { readonly count: number; at(index: number): unknown }

/** A backup table: its column names (unchecked) and its rows. */
export type BackupFileTable = { columns: unknown; rows: BackupRows | null }

/** A backup file read far enough to check it: its header and each table (null: no tables). */
export type BackupFile = {
  header: unknown
  tables: Map<string, BackupFileTable> | null
}

const NOT_JSON = 'Ongeldige backup: het bestand is geen geldige JSON'
const TABLES_START = ',"tables":{'
const ROWS_START = '"rows":['

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

/** Reads a backup file; answers 400 when it is not JSON at all. */
export function readBackupFile(bytes: Uint8Array): BackupFile {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return readByLines(buffer) ?? readWhole(buffer)
}

function readWhole(buffer: Buffer): BackupFile {
  const document = parse(buffer.toString('utf8'))
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
      rows: Array.isArray(rows) ? { count: rows.length, at: (index) => rows[index] } : null,
    })
  }
  return { header, tables: result }
}

/** The line layout Centraal writes, or undefined when the file is laid out otherwise. */
function readByLines(buffer: Buffer): BackupFile | undefined {
  const lines: [number, number][] = []
  let start = 0
  while (start < buffer.length) {
    let end = buffer.indexOf(10, start)
    if (end < 0) end = buffer.length
    lines.push([start, end])
    start = end + 1
  }
  const text = (index: number) => {
    const line = lines[index]
    return line ? buffer.toString('utf8', line[0], line[1]) : ''
  }
  const first = text(0)
  if (lines.length < 2 || !first.startsWith('{') || !first.endsWith(TABLES_START)) return undefined
  const header = parseOrUndefined(`${first.slice(0, -TABLES_START.length)}}`)
  if (header === undefined) return undefined
  const tables = new Map<string, BackupFileTable>()
  // A table's end line: "]}," between tables, "]}" after the last. Checked by length
  // first, so row lines are not decoded just to be skipped.
  const endAt = (index: number) => {
    const line = lines[index]
    if (!line || line[1] - line[0] > 3) return undefined
    const value = text(index)
    return value === ']},' || value === ']}' ? value : undefined
  }
  let index = 1
  for (;;) {
    const line = text(index)
    if (line === '}}' && index === lines.length - 1) break
    if (!line.endsWith(ROWS_START)) return undefined
    const start = parseOrUndefined(`{${line}]}}`) as
      | Record<string, { columns: unknown }>
      | undefined
    const [name, ...others] = Object.keys(start ?? {})
    if (!start || !name || others.length > 0) return undefined
    const first = index + 1
    let last = first
    while (last < lines.length && !endAt(last)) last++
    if (last >= lines.length) return undefined
    const rowLines = lines.slice(first, last)
    tables.set(name, {
      columns: start[name]?.columns,
      rows: {
        count: rowLines.length,
        at(row) {
          const [from, to] = rowLines[row] as [number, number]
          // Every row but the last ends with the comma that separates it from the next.
          const hasComma = buffer[to - 1] === 44
          if (hasComma !== row < rowLines.length - 1) notJson()
          return parse(buffer.toString('utf8', from, hasComma ? to - 1 : to))
        },
      },
    })
    const isLast = endAt(last) === ']}'
    index = last + 1
    if (isLast !== (text(index) === '}}')) return undefined
  }
  return { header, tables }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
