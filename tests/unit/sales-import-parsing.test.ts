import { describe, expect, test } from 'vitest'
import { parsePercentage } from '#schema/parse-percentage'
import { columnIndex, columnLetters, parseA1Range } from '#schema/sales-import/a1-range'
import { mapColumns, normaliseHeader } from '#schema/sales-import/columns'
import { parseSheetDate } from '#schema/sales-import/parse-date'
import { parseSaleRow, toImportKey } from '#schema/sales-import/parse-sale-row'
import { SalesImportRequestSchema } from '#schema/sales-import/payloads'
import { toRowObjects } from '#schema/sales-import/to-row-objects'
import { SALES_SHEET_HEADER } from '../support/sales-sheet.ts'

const outcome = <T>(parsed: { ok: true; value: T } | { ok: false; problem: string }) =>
  parsed.ok ? parsed.value : `✗ ${parsed.problem}`

describe('dates', () => {
  test.each([
    ['31-12-2025', '2025-12-31'],
    ['31/12/2025', '2025-12-31'],
    ['31.12.2025', '2025-12-31'],
    ['1-2-2025', '2025-02-01'],
    ['2025-12-31', '2025-12-31'],
    ['2025-12-31T00:00:00.000Z', '2025-12-31'],
    ['29-02-2024', '2024-02-29'],
    ['31 december 2025', '2025-12-31'],
    ['1 mrt. 2026', '2026-03-01'],
    ['45657', '2024-12-31'],
    ['45658.75', '2025-01-01'],
    [45_992, '2025-12-01'],
    [60, '1900-02-28'],
    [61, '1900-03-01'],
    [new Date(Date.UTC(2025, 11, 31)), '2025-12-31'],
  ])('%j is %s', (cell, date) => {
    expect(outcome(parseSheetDate(cell))).toBe(date)
  })

  test.each([
    ['31-02-2025', 'geen bestaande datum'],
    ['29-02-2023', 'geen bestaande datum'],
    ['12/31/2025', 'geen bestaande datum'],
    ['2025-13-01', 'geen bestaande datum'],
    ['00-01-2025', 'geen bestaande datum'],
    ['31-12-1492', 'geen bestaande datum'],
    ['0', 'geen bestaande datum'],
    ['gisteren', 'gebruik dd-mm-jjjj'],
    ['31-12-25', 'gebruik dd-mm-jjjj'],
    ['', 'ontbreekt'],
  ])('%j is refused (%s)', (cell, problem) => {
    expect(outcome(parseSheetDate(cell))).toContain(problem)
  })
})

describe('percentages', () => {
  test.each([
    ['2,5%', 2.5],
    ['2.5 %', 2.5],
    ['3', 3],
    ['1,2345', 1.2345],
    [2.5, 2.5],
    ['100%', 100],
    ['101%', '✗ "101%" ligt niet tussen 0 en 100'],
    ['1,23456', '✗ "1,23456" heeft meer dan vier decimalen'],
    ['vijf', '✗ "vijf" is geen geldig percentage'],
  ])('%j is %s', (cell, expected) => {
    expect(outcome(parsePercentage(cell))).toBe(expected)
  })
})

describe('headers', () => {
  test.each([
    ['Client Name', 'clientname'],
    ['  Klantnaam ', 'klantnaam'],
    ['Commissie (%)', 'commissie%'],
    ['COMMISSION %', 'commission%'],
    ['Opleverdatum', 'opleverdatum'],
    ['E-mail', 'email'],
    ['Café', 'cafe'],
  ])('%j normalises to %s', (header, normalised) => {
    expect(normaliseHeader(header)).toBe(normalised)
  })

  test('Dutch headers map, whatever their case or spacing', () => {
    const header = [
      'Klantnaam',
      'PROJECT',
      'Verkoopdatum',
      'Opleverdatum',
      ' verkoopprijs ',
      'Commissie %',
      'Verkoper',
      'Bouwnummer',
    ]
    expect(mapColumns(header)).toEqual({
      indexes: {
        clientName: 0,
        projectName: 1,
        saleDate: 2,
        deliveryDate: 3,
        salePrice: 4,
        commissionPercentage: 5,
        sellerName: 6,
        propertyNumber: 7,
        projectLabel: 26,
      },
      missing: [],
    })
  })

  test('English headers map; a named label column wins over column AA', () => {
    const header = [
      'Client name',
      'Project name',
      'Project label',
      'Sale date',
      'Sale price',
      'Commission',
      'Commission %',
      'Seller name',
      'Property number',
    ]
    const { indexes, missing } = mapColumns(header)
    expect(missing).toEqual([])
    expect(indexes.projectLabel).toBe(2)
    // 'Commission %' is surer than a bare 'Commission' (which may hold an amount).
    expect(indexes.commissionPercentage).toBe(6)
  })

  test('missing required columns are named; AA is not the label when it names another column', () => {
    const header: string[] = Array.from({ length: 27 }, () => '')
    header[0] = 'Klant'
    header[26] = 'Notities'
    const { indexes, missing } = mapColumns(header)
    expect(indexes.projectLabel).toBeUndefined()
    expect(indexes.notes).toBe(26)
    expect(missing).toEqual([
      'projectName',
      'saleDate',
      'salePrice',
      'commissionPercentage',
      'sellerName',
      'propertyNumber',
    ])
  })
})

describe('rows', () => {
  const { indexes } = mapColumns([...SALES_SHEET_HEADER, 'Opleverdatum'])

  test('a good row becomes a sale; its key ignores case and spacing', () => {
    const parsed = parseSaleRow(
      ['Jan  de Vries', 'Havenkwartier', '31-12-2025', '€ 345.000', '2,5%', 'Sanne', 'B-12'],
      indexes,
    )
    expect(parsed).toEqual({
      ok: true,
      value: expect.objectContaining({
        clientName: 'Jan de Vries',
        projectName: 'Havenkwartier',
        saleDate: '2025-12-31',
        deliveryDate: null,
        salePriceCents: 34_500_000,
        commissionPercentage: 2.5,
        sellerName: 'Sanne',
        propertyNumber: 'B-12',
      }),
    })
    const again = parseSaleRow(
      ['JAN DE VRIES', ' havenkwartier', '2025-12-31', '345000', '2.5', 'sanne', 'b-12'],
      indexes,
    )
    if (!parsed.ok || !again.ok) throw new Error('rows should parse')
    expect(toImportKey(again.value)).toBe(toImportKey(parsed.value))
  })

  test('every problem of a bad row is named', () => {
    expect(
      parseSaleRow(['', 'P', '31-02-2025', 'veel', '2,5', 'S', 'B-1', 'morgen'], indexes),
    ).toEqual({
      ok: false,
      problem:
        'klantnaam ontbreekt; verkoopdatum "31-02-2025" is geen bestaande datum; ' +
        'opleverdatum "morgen" is geen datum (gebruik dd-mm-jjjj); verkoopprijs "veel" is geen geldig bedrag',
    })
  })
})

describe('ranges and request input', () => {
  test.each([
    [
      'Sheet1!A:Z',
      { sheet: 'Sheet1', start: { column: 0, row: null }, end: { column: 25, row: null } },
    ],
    [
      "'Verkoop 2025'!B2:K",
      { sheet: 'Verkoop 2025', start: { column: 1, row: 2 }, end: { column: 10, row: null } },
    ],
    ['A1:Z100', { sheet: null, start: { column: 0, row: 1 }, end: { column: 25, row: 100 } }],
    ['Verkoop', { sheet: 'Verkoop', start: { column: 0, row: 1 }, end: null }],
    ['Sheet1!A:Z:Q', null],
    ['!A1', null],
  ])('%s', (text, range) => {
    expect(parseA1Range(text)).toEqual(range)
  })

  test('column letters both ways', () => {
    expect([columnIndex('A'), columnIndex('Z'), columnIndex('AA'), columnIndex('AZ')]).toEqual([
      0, 25, 26, 51,
    ])
    expect([0, 25, 26, 51, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'ZZ',
      'AAA',
    ])
  })

  test('the spreadsheet ID: required, valid, or taken from a link; the range has a default', () => {
    const issue = (input: unknown) =>
      SalesImportRequestSchema.safeParse(input).error?.issues.map((item) => item.message)
    expect(issue({})).toEqual(['Spreadsheet ID vereist'])
    expect(issue({ spreadsheetId: '  ' })).toEqual(['Spreadsheet ID vereist'])
    expect(issue({ spreadsheetId: 'kort' })).toEqual(['Voer een geldig Google Sheets ID in.'])
    expect(issue({ spreadsheetId: 'id met spaties erin' })).toEqual([
      'Voer een geldig Google Sheets ID in.',
    ])
    expect(
      SalesImportRequestSchema.parse({
        spreadsheetId: 'https://docs.google.com/spreadsheets/d/1AbC-dEf_ghIJkl/edit#gid=0',
      }),
    ).toEqual({ spreadsheetId: '1AbC-dEf_ghIJkl', range: 'Sheet1!A:Z' })
    expect(issue({ spreadsheetId: '1AbC-dEf_ghIJkl', range: 'A:Z:Q' })).toEqual([
      'Voer een geldig bereik in, bijvoorbeeld Sheet1!A:Z',
    ])
  })

  test('preview rows are keyed by header; blank and repeated headers keep their values', () => {
    expect(
      toRowObjects([['Klant', '', 'Klant'], ['Jan', 'x', 'Piet'], [], ['Kees']], { limit: 10 }),
    ).toEqual({
      rows: 2,
      data: [
        { Klant: 'Jan', 'Kolom B': 'x', 'Klant (2)': 'Piet' },
        { Klant: 'Kees', 'Kolom B': '', 'Klant (2)': '' },
      ],
    })
  })
})
