import { parse } from 'csv-parse/sync'
import type { SheetCell } from '#schema/sales-import/sheet-cell'
import { AppError } from '../../../errors/app-error.ts'
import { checkXlsxBounds } from './check-xlsx-bounds.ts'
import { MAX_CELLS, MAX_ROWS, refuseCells, refuseRows } from './import-limits.ts'
import type { SheetTable } from './import-sales.ts'

// An uploaded .csv or .xlsx, told apart by content rather than by name or content type:
// browsers label a .csv 'application/vnd.ms-excel' on Windows.

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0]

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  magic.every((byte, index) => bytes[index] === byte)

/** The file's rows as an import table (header row first, row 1 of the sheet). */
export async function readUploadedFile(bytes: Uint8Array): Promise<SheetTable> {
  if (bytes.length === 0) throw new AppError('invalid_input', 'Het bestand is leeg')
  if (startsWith(bytes, OLE_MAGIC)) {
    throw new AppError(
      'invalid_input',
      'Oude .xls-bestanden worden niet ondersteund. Sla het bestand op als .xlsx of .csv.',
    )
  }
  const rows = startsWith(bytes, ZIP_MAGIC) ? await readXlsx(bytes) : readCsv(bytes)
  return { rows, firstRowNumber: 1 }
}

async function readXlsx(bytes: Uint8Array): Promise<SheetCell[][]> {
  await checkXlsxBounds(bytes)
  const { readSheet } = await import('read-excel-file/node')
  try {
    // Numbers stay text as written in the file, so money never passes through a float;
    // date cells arrive as Date.
    const rows = await readSheet<string>(Buffer.from(bytes), { parseNumber: (text) => text })
    return rows as unknown as SheetCell[][]
  } catch {
    throw new AppError('invalid_input', 'Het bestand is geen leesbaar .xlsx-bestand')
  }
}

/** UTF-8, or Windows-1252 for a file that is not (Excel's "CSV" on Windows). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/** ';' (Dutch Excel), ',' or tab: whichever the header line has most of, outside quotes. */
export function detectDelimiter(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  const unquoted = firstLine.replace(/"[^"]*"/g, '')
  const counts = [';', ',', '\t'].map((char) => ({ char, count: unquoted.split(char).length - 1 }))
  const best = counts.reduce((most, next) => (next.count > most.count ? next : most))
  return best.count > 0 ? best.char : ','
}

/** How often `char` occurs in `text`. */
function countOf(text: string, char: string) {
  const code = char.charCodeAt(0)
  let count = 0
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) === code) count++
  return count
}

function readCsv(bytes: Uint8Array): SheetCell[][] {
  const text = decode(bytes)
  if (text.includes('\u0000')) {
    throw new AppError('invalid_input', 'Het bestand is geen .csv- of .xlsx-bestand')
  }
  const delimiter = detectDelimiter(text)
  // Every cell but a line's first follows a delimiter: more delimiters than the cell limit
  // is refused before the parser builds one huge record of them.
  if (countOf(text, delimiter) > MAX_CELLS) refuseCells()
  let rows = 0
  let cells = 0
  try {
    return parse(text, {
      delimiter,
      on_record: (record: string[]) => {
        if (++rows > MAX_ROWS) refuseRows()
        cells += record.length
        if (cells > MAX_CELLS) refuseCells()
        return record
      },
      bom: true,
      relax_column_count: true,
      // Empty lines stay, so a row number is the line a spreadsheet app shows.
      skip_empty_lines: false,
    }) as string[][]
  } catch (error) {
    if (error instanceof AppError) throw error
    const line = (error as { lines?: number }).lines
    throw new AppError(
      'invalid_input',
      `Het CSV-bestand kon niet gelezen worden${line ? ` (rond regel ${line})` : ''}: controleer de aanhalingstekens`,
    )
  }
}
