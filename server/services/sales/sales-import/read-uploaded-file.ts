import { parse } from 'csv-parse/sync'
import { Unzip, UnzipInflate } from 'fflate'
import type { SheetCell } from '#schema/sales-import/sheet-cell'
import { AppError } from '../../../http/app-error.ts'
import type { SheetTable } from './import-sales.ts'

// An uploaded .csv or .xlsx, told apart by content rather than by name or content type:
// browsers label a .csv 'application/vnd.ms-excel' on Windows.

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
// An .xlsx is a zip: 10 MB of it could unpack to gigabytes. Real sheets of 10,000 sales
// unpack to a few MB.
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024
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

/**
 * Whether the zip unpacks to more than `limit` bytes, found by unpacking it entry by entry
 * (the way the sheet reader does, from the local headers) and counting what comes out,
 * keeping none of it: the sizes a zip declares can lie. Stops as soon as the limit is
 * passed.
 */
function unpacksBeyond(bytes: Uint8Array, limit: number): boolean {
  let total = 0
  let isBeyond = false
  const unzip = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      if (error) throw error
      total += chunk.length
      if (total > limit && !isBeyond) {
        isBeyond = true
        file.terminate()
      }
    }
    if (!isBeyond) file.start()
  })
  unzip.register(UnzipInflate)
  // Fed in small pieces: a kilobyte of a bomb can inflate to a megabyte, and each piece's
  // output is held until it is counted; the bomb stops after the piece that passed.
  const piece = 1024
  for (let offset = 0; offset < bytes.length && !isBeyond; offset += piece) {
    unzip.push(bytes.subarray(offset, offset + piece), offset + piece >= bytes.length)
  }
  return isBeyond
}

async function readXlsx(bytes: Uint8Array): Promise<SheetCell[][]> {
  let isTooLarge: boolean
  try {
    isTooLarge = unpacksBeyond(bytes, MAX_UNPACKED_BYTES)
  } catch {
    throw new AppError('invalid_input', 'Het bestand is geen leesbaar .xlsx-bestand')
  }
  if (isTooLarge) {
    throw new AppError(
      'payload_too_large',
      'Het .xlsx-bestand is uitgepakt te groot (maximaal 200 MB)',
    )
  }
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

function readCsv(bytes: Uint8Array): SheetCell[][] {
  const text = decode(bytes)
  if (text.includes('\u0000')) {
    throw new AppError('invalid_input', 'Het bestand is geen .csv- of .xlsx-bestand')
  }
  try {
    return parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      // Empty lines stay, so a row number is the line a spreadsheet app shows.
      skip_empty_lines: false,
    }) as string[][]
  } catch (error) {
    const line = (error as { lines?: number }).lines
    throw new AppError(
      'invalid_input',
      `Het CSV-bestand kon niet gelezen worden${line ? ` (rond regel ${line})` : ''}: controleer de aanhalingstekens`,
    )
  }
}
