import { AppError } from '../../../errors/app-error.ts'

// What one uploaded sheet may unpack to and hold. A sheet of 10,000 sales of 8 columns
// unpacks to about 4 MB and holds 80,000 cells; the limits leave room for four times that
// and for the 27 columns up to the label column AA, and keep the reader's memory (the
// unpacked XML, its text and the rows) far below 100 MB.

/** What all parts of an .xlsx may unpack to together. */
export const MAX_UNPACKED_BYTES = 16 * 1024 * 1024
/** Parts of an .xlsx (a workbook of a few sheets has about 15). */
export const MAX_ZIP_ENTRIES = 1000
/** Cells a sheet may span (rows × columns up to its last filled cell), and texts it may share. */
export const MAX_CELLS = 500_000
/** Rows a file may have, counting empty rows before its last. */
export const MAX_ROWS = 50_000
/**
 * XML elements of any name in all parts of an .xlsx together. A sheet of 10,000 sales has
 * about 200,000 (a row, and per cell a `c` with a `v` or an inline text); the reader works
 * per element whatever its name, so 15 MiB of empty `<si/>` or `<row/>` passed every other
 * limit and held it for seconds to a minute (issue 47).
 */
export const MAX_ELEMENTS = 1_000_000

const formatCount = (count: number) => count.toLocaleString('nl-NL')

/** 413: the .xlsx unpacks to more than the limit. */
export function refuseUnpackedSize(): never {
  throw new AppError(
    'payload_too_large',
    `Het .xlsx-bestand is uitgepakt te groot (maximaal ${MAX_UNPACKED_BYTES / 1024 / 1024} MB uitgepakt)`,
  )
}

/** 413: the .xlsx has more parts than any workbook needs. */
export function refuseZipEntries(): never {
  throw new AppError(
    'payload_too_large',
    `Het .xlsx-bestand bestaat uit te veel delen (maximaal ${formatCount(MAX_ZIP_ENTRIES)})`,
  )
}

/** 413: the sheet spans more cells than the limit. */
export function refuseCells(): never {
  throw new AppError(
    'payload_too_large',
    `Het bestand heeft te veel cellen (maximaal ${formatCount(MAX_CELLS)}, bijvoorbeeld ${formatCount(MAX_CELLS / 50)} rijen van 50 kolommen)`,
  )
}

/** 413: the .xlsx holds more XML elements than any sheet within the other limits. */
export function refuseElements(): never {
  throw new AppError(
    'payload_too_large',
    `Het .xlsx-bestand bevat te veel onderdelen om te lezen (maximaal ${formatCount(MAX_ELEMENTS)} XML-elementen; een blad met 10.000 verkopen heeft er ongeveer 200.000). Verdeel de verkopen over kleinere bestanden of sla het blad op als .csv.`,
  )
}

/** 413: the file has more rows than the limit. */
export function refuseRows(): never {
  throw new AppError(
    'payload_too_large',
    `Het bestand heeft te veel rijen (maximaal ${formatCount(MAX_ROWS)})`,
  )
}
