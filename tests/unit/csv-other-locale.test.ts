import { expect, test } from 'vitest'
import type { SalesListItem } from '#schema/sales-dashboard'
import { toCsvValue } from '#server/services/backup/create-backup-file'
import { toCsv } from '#web/sales/commissions/export-csv.ts'
import { buildExportRows } from '#web/sales/commissions/export-rows.ts'

// A CSV file is opened by spreadsheets set to another separator than the file's: the
// commission export (';', for Dutch Excel) in a comma locale, the backup (',') in a ';'
// locale. Such a spreadsheet splits every line on its own separator, outside quotes only;
// no piece of a person's text may then become a cell that runs as a formula.

/** The cells a spreadsheet reads from one line with `separator`: quotes keep a cell whole. */
function readLine(line: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let isQuoted = false
  for (let index = 0; index < line.length; index++) {
    const char = line[index]
    if (char === '"') {
      if (isQuoted && line[index + 1] === '"') {
        cell += '"'
        index++
      } else isQuoted = !isQuoted
    } else if (char === separator && !isQuoted) {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  return [...cells, cell]
}

const FORMULA_START = /^[=+\-@]/
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
    expect(readLine(line, ',').filter((cell) => FORMULA_START.test(cell))).toEqual([])
  }
  // Read with its own separator, each text is one cell, as the person wrote it.
  expect(readLine(lines[1] ?? '', ';').slice(1, 4)).toEqual([
    ATTACK,
    'Havenkwartier;+1',
    'A-1, @SUM(1)',
  ])
  expect(readLine(lines[2] ?? '', ';').slice(7)).toEqual([
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
  expect(readLine(line, ';').filter((cell) => FORMULA_START.test(cell))).toEqual([])
  expect(readLine(line, ',')).toEqual([
    'user-1',
    '3',
    "Jan;=cmd|' /C calc'!A0",
    'jan@example.com',
    '',
  ])
})
