import { parseMoneyToCents } from '../parse-money.ts'
import { parsePercentage } from '../parse-percentage.ts'
import { type ColumnMap, IMPORT_COLUMNS, type ImportColumn } from './columns.ts'
import { parseSheetDate } from './parse-date.ts'
import { type Parsed, type SheetCell, tidyText, toNameKey } from './sheet-cell.ts'

/** One sheet row read as a sale: money in cents, dates 'YYYY-MM-DD', names tidied. */
export type ImportRow = {
  clientName: string
  clientEmail: string | null
  clientPhone: string | null
  projectName: string
  projectLabel: string | null
  propertyNumber: string
  saleDate: string
  deliveryDate: string | null
  salePriceCents: number
  commissionPercentage: number
  totalCostsCents: number
  discountPercentage: number
  sellerName: string
  notes: string | null
}

/**
 * Reads one data row with the header's column map. Every problem of the row is named
 * (Dutch column name and what is wrong), so one pass over the sheet finds them all.
 */
export function parseSaleRow(
  row: readonly SheetCell[],
  indexes: ColumnMap['indexes'],
): Parsed<ImportRow> {
  const problems: string[] = []
  const cell = (column: ImportColumn) => {
    const index = indexes[column]
    return index === undefined ? undefined : row[index]
  }
  const text = (column: ImportColumn) => tidyText(cell(column)) || null
  const required = (column: ImportColumn) => {
    const value = text(column)
    if (!value) problems.push(`${IMPORT_COLUMNS[column].label} ontbreekt`)
    return value ?? ''
  }
  function read<T>(column: ImportColumn, parse: (cell: SheetCell) => Parsed<T>, fallback: T) {
    const value = cell(column)
    const isOptional = !IMPORT_COLUMNS[column].required
    if (isOptional && tidyText(value) === '') return fallback
    const parsed = parse(value)
    if (parsed.ok) return parsed.value
    problems.push(`${IMPORT_COLUMNS[column].label} ${parsed.problem}`)
    return fallback
  }
  const sale: ImportRow = {
    clientName: required('clientName'),
    clientEmail: text('clientEmail'),
    clientPhone: text('clientPhone'),
    projectName: required('projectName'),
    projectLabel: text('projectLabel'),
    propertyNumber: required('propertyNumber'),
    saleDate: read('saleDate', parseSheetDate, ''),
    deliveryDate: read<string | null>('deliveryDate', parseSheetDate, null),
    salePriceCents: read('salePrice', parseMoneyToCents, 0),
    commissionPercentage: read('commissionPercentage', parsePercentage, 0),
    totalCostsCents: read('totalCosts', parseMoneyToCents, 0),
    discountPercentage: read('discountPercentage', parsePercentage, 0),
    sellerName: required('sellerName'),
    notes: text('notes'),
  }
  return problems.length ? { ok: false, problem: problems.join('; ') } : { ok: true, value: sale }
}

/** Whether a row holds nothing at all (skipped, not refused). */
export function isEmptyRow(row: readonly SheetCell[]): boolean {
  return row.every((cell) => tidyText(cell) === '')
}

/**
 * The identity of an imported sale: project, property number, sale date and client,
 * compared as names are (case and spacing ignored). The same sale in another file or a
 * later copy of the sheet has the same key, so it is imported once.
 */
export function toImportKey(
  sale: Pick<ImportRow, 'projectName' | 'propertyNumber' | 'saleDate' | 'clientName'>,
): string {
  return JSON.stringify([
    toNameKey(sale.projectName),
    toNameKey(sale.propertyNumber),
    sale.saleDate,
    toNameKey(sale.clientName),
  ])
}

/** The message for a refused row, as listed in the sync result. */
export function formatRowError(rowNumber: number, problem: string): string {
  return `Rij ${rowNumber}: ${problem}`
}
