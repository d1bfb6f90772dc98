import type { SheetData } from 'write-excel-file/browser'
import type { Currency } from '#schema/format-money'
import { neutraliseFormula } from '#schema/spreadsheet-cells'
import { EXPORT_HEADERS, type ExportCell } from './export-rows.ts'

const SYMBOLS: Record<Currency, string> = { EUR: '€', USD: 'US$', GBP: '£' }
const WIDTHS = [12, 28, 22, 12, 16, 12, 14, 24, 14, 14, 16]

// A date cell is a moment; midnight UTC is the calendar day in every spreadsheet.
const toDate = (day: string) => new Date(`${day}T00:00:00Z`)

function toSheetCell(cell: ExportCell, moneyFormat: string) {
  if (cell === null) return null
  switch (cell.kind) {
    case 'text':
      return { value: neutraliseFormula(cell.value), type: String }
    case 'date':
      return { value: toDate(cell.value), type: Date, format: 'dd-mm-yyyy' }
    case 'money':
      return { value: cell.value, type: Number, format: moneyFormat }
    case 'percentage':
      return { value: cell.value, type: Number, format: '0.00' }
  }
}

/**
 * The export as write-excel-file's sheet data: a bold header, amounts as numbers in the
 * organisation's currency, dates as dates, texts neutralised as in the CSV.
 */
export function toSheetData(rows: readonly ExportCell[][], currency: Currency): SheetData {
  const symbol = SYMBOLS[currency]
  const moneyFormat = `"${symbol}" #,##0.00;"${symbol}" -#,##0.00`
  return [
    EXPORT_HEADERS.map((header) => ({ value: header, fontWeight: 'bold' as const })),
    ...rows.map((row) => row.map((cell) => toSheetCell(cell, moneyFormat))),
  ]
}

/** The .xlsx file; the writer is loaded only now, so it is not part of the first load. */
export async function createXlsxBlob(rows: readonly ExportCell[][], currency: Currency) {
  const { default: writeExcelFile } = await import('write-excel-file/browser')
  return writeExcelFile(toSheetData(rows, currency), {
    sheet: 'Verkopen',
    columns: WIDTHS.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBlob()
}
