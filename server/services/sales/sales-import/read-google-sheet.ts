import { columnLetters, parseA1Range, quoteSheetName } from '#schema/sales-import/a1-range'
import { mapColumns, PROJECT_LABEL_COLUMN_INDEX } from '#schema/sales-import/columns'
import type { SheetCell } from '#schema/sales-import/sheet-cell'
import { AppError } from '../../../errors/app-error.ts'
import type { SheetsReader } from '../../../integrations/google/sheets-reader.ts'
import { MAX_CELLS, MAX_ROWS, refuseCells, refuseRows } from './import-limits.ts'
import type { SheetTable } from './import-sales.ts'

/** Where the returned values start: Sheets answers with the range it really read. */
function locate(returnedRange: string) {
  const range = parseA1Range(returnedRange)
  return {
    sheet: range?.sheet ?? null,
    firstRowNumber: range?.start.row ?? 1,
    firstColumn: range?.start.column ?? 0,
    lastColumn: range?.end?.column ?? null,
  }
}

/**
 * Reads a range as an import table. docs/behaviour.md puts the project label in column AA while the
 * default range is A:Z; when the range stops before AA and no header names a label, the
 * same rows of column AA are read as well and placed where column AA belongs.
 */
export async function readGoogleSheetTable(
  reader: SheetsReader,
  spreadsheetId: string,
  range: string,
): Promise<SheetTable> {
  const values = await reader.getValues(spreadsheetId, range)
  // The same bounds as an uploaded file, so a sheet's import takes no longer than a file's.
  if (values.values.length > MAX_ROWS) refuseRows()
  let cells = 0
  for (const row of values.values) cells += row.length
  if (cells > MAX_CELLS) refuseCells()
  const where = locate(values.range)
  const labelIndex = PROJECT_LABEL_COLUMN_INDEX - where.firstColumn
  const rows: SheetCell[][] = values.values
  const isOutside = where.lastColumn !== null && where.lastColumn < PROJECT_LABEL_COLUMN_INDEX
  const needsLabelColumn =
    rows.length > 0 &&
    isOutside &&
    labelIndex >= 0 &&
    mapColumns(rows[0] ?? [], -1).indexes.projectLabel === undefined
  if (needsLabelColumn) {
    const letters = columnLetters(PROJECT_LABEL_COLUMN_INDEX)
    const lastRow = where.firstRowNumber + rows.length - 1
    const sheet = where.sheet === null ? '' : `${quoteSheetName(where.sheet)}!`
    const labels = await reader
      .getValues(spreadsheetId, `${sheet}${letters}${where.firstRowNumber}:${letters}${lastRow}`)
      .catch((error: unknown) => {
        // A sheet of 26 columns has no AA: Sheets answers 400 "exceeds grid limits".
        if (error instanceof AppError && error.code === 'invalid_input') return { values: [] }
        throw error
      })
    labels.values.forEach((labelRow, index) => {
      const row = rows[index]
      if (!row || labelRow[0] === undefined) return
      while (row.length < labelIndex) row.push('')
      row[labelIndex] = labelRow[0]
    })
  }
  return { rows, firstRowNumber: where.firstRowNumber, labelIndex }
}
