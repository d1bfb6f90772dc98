import { columnLetters } from './a1-range.ts'
import { isEmptyRow } from './parse-sale-row.ts'
import type { SpreadsheetData } from './payloads.ts'
import { cellText, type SheetCell, tidyText } from './sheet-cell.ts'

/**
 * The preview and the import (docs/behaviour.md, Sheets import): the rows under the header as objects keyed by the header
 * text. A column without a header is named by its letter ('Kolom C'); a repeated header
 * gets ' (2)', ' (3)', so no value is lost. Empty rows are left out.
 */
export function toRowObjects(
  table: readonly (readonly SheetCell[])[],
  options: { firstColumn?: number; limit?: number } = {},
): SpreadsheetData {
  const [header = [], ...body] = table
  const rows = body.filter((row) => !isEmptyRow(row))
  const width = rows.reduce((widest, row) => Math.max(widest, row.length), header.length)
  const seen = new Map<string, number>()
  const keys = Array.from({ length: width }, (_, index) => {
    const name =
      tidyText(header[index]) || `Kolom ${columnLetters((options.firstColumn ?? 0) + index)}`
    const times = (seen.get(name) ?? 0) + 1
    seen.set(name, times)
    return times === 1 ? name : `${name} (${times})`
  })
  const data = rows
    .slice(0, options.limit ?? rows.length)
    .map((row) => Object.fromEntries(keys.map((key, index) => [key, cellText(row[index])])))
  return { rows: rows.length, data }
}
