import { expect, test } from 'vitest'
import type { SalesListItem } from '#schema/sales-dashboard'
import { toCsvValue } from '#server/services/backup/create-backup-file'
import { toCsv } from '#web/sales/commissions/export-csv.ts'
import { buildExportRows } from '#web/sales/commissions/export-rows.ts'
import { FORMULA_CELL, readSpreadsheetLine } from '../support/spreadsheet-line.ts'

// A CSV file is opened by spreadsheets set to another separator than the file's: the
// commission export (';', for Dutch Excel) in a comma locale, the backup (',') in a ';'
// locale. Such a spreadsheet splits every line on its own separator, outside quotes only;
// no piece of a person's text may then become a cell that runs as a formula.

const ATTACK = "Jansen,=cmd|' /C calc'!A0"

test('the commission export read with "," as separator has no cell that runs as a formula', () => {
  const sale = {
    id: 'sale-1',
    clientName: ATTACK,
    projectName: 'Havenkwartier;+1',
    propertyNumber: 'A-1, @SUM(1)',
    saleDate: '2026-03-04',
    deliveryDate: null,
    salePrice: 34_500_000,
    commissionPercentage: 2.5,
    commissionAmount: 726_250,
    commissions: [
      {
        id: 'line-1',
        kind: 'adjustment',
        sellerName: 'Sanne, -2+3',
        role: null,
        amount: -5,
        status: 'pending',
      },
    ],
  } as unknown as SalesListItem
  const lines = toCsv(buildExportRows([sale]))
    .replace('\uFEFF', '')
    .split('\r\n')
  for (const line of lines) {
    expect(readSpreadsheetLine(line, ',').filter((cell) => FORMULA_CELL.test(cell))).toEqual([])
  }
  // Read with its own separator, each text is one cell, as the person wrote it.
  expect(readSpreadsheetLine(lines[1] ?? '', ';').slice(1, 4)).toEqual([
    ATTACK,
    'Havenkwartier;+1',
    'A-1, @SUM(1)',
  ])
  expect(readSpreadsheetLine(lines[2] ?? '', ';').slice(7, 12)).toEqual([
    'Sanne, -2+3',
    '',
    'Correctie',
    '-0,05',
    'In behandeling',
  ])
})

test('a backup CSV line read with ";" as separator has no cell that runs as a formula', () => {
  const row = ['user-1', 3, "Jan;=cmd|' /C calc'!A0", 'jan@example.com', null]
  const line = row.map(toCsvValue).join(',')
  expect(readSpreadsheetLine(line, ';').filter((cell) => FORMULA_CELL.test(cell))).toEqual([])
  expect(readSpreadsheetLine(line, ',')).toEqual([
    'user-1',
    '3',
    "Jan;=cmd|' /C calc'!A0",
    'jan@example.com',
    '',
  ])
})
