import { format } from 'date-fns/format'
import { parseISO } from 'date-fns/parseISO'
import { quoteCsvCell, toCsvCell } from '#schema/spreadsheet-cells'
import { EXPORT_HEADERS, type ExportCell } from './export-rows.ts'

// Dutch Excel reads ';' as the separator and ',' as the decimal sign, and takes the file
// as UTF-8 only with a byte order mark. Every filled cell is quoted, so a spreadsheet that
// splits on ',' instead keeps each cell whole (a name's comma, an amount's decimal comma).
const SEPARATOR = ';'
const BOM = '\uFEFF'

function toCsvText(cell: ExportCell): string {
  if (cell === null) return ''
  switch (cell.kind) {
    case 'text':
      return toCsvCell(cell.value)
    case 'date':
      return quoteCsvCell(format(parseISO(cell.value), 'dd-MM-yyyy'))
    case 'money':
      return quoteCsvCell(cell.value.toFixed(2).replace('.', ','))
    case 'percentage':
      // As typed (2.5 → '2,5'), without binary noise in the last digits.
      return quoteCsvCell(String(Number(cell.value.toFixed(4))).replace('.', ','))
  }
}

/** The export as a CSV file's text, header first, lines ending in CRLF. */
export function toCsv(rows: readonly ExportCell[][]): string {
  const header = EXPORT_HEADERS.map((name) => toCsvCell(name)).join(SEPARATOR)
  const body = rows.map((row) => row.map(toCsvText).join(SEPARATOR))
  return `${BOM}${[header, ...body].join('\r\n')}\r\n`
}
