import { readSheet } from 'read-excel-file/node'
import { expect, test } from 'vitest'
import writeExcelFile from 'write-excel-file/node'
import type { SalesListItem } from '#schema/sales-dashboard'
import { toCsv } from '#web/sales/commissions/export-csv.ts'
import { buildExportRows, EXPORT_HEADERS } from '#web/sales/commissions/export-rows.ts'
import { toSheetData } from '#web/sales/commissions/export-xlsx.ts'

// The commission screen's export: a row per sale, a row per line under it; CSV for Dutch
// Excel (';', decimal comma, BOM) and XLSX with numbers and dates; formulas neutralised.

type Line = SalesListItem['commissions'][number]
const line = (
  fields: Pick<Line, 'sellerName' | 'role' | 'amount' | 'status'> &
    Partial<Pick<Line, 'kind' | 'planVersionId' | 'planTier' | 'planNote'>>,
) =>
  ({
    id: fields.sellerName,
    kind: 'commission',
    planVersionId: null,
    planTier: null,
    planNote: null,
    ...fields,
  }) as Line

const salesList = [
  {
    id: 'sale-1',
    clientName: 'Familie Jansen',
    projectName: 'Havenkwartier',
    propertyNumber: 'A-1',
    saleDate: '2026-03-04',
    deliveryDate: null,
    salePrice: 34_500_000,
    commissionPercentage: 2.5,
    commissionAmount: 726_250,
    commissions: [
      line({ sellerName: 'Sanne Setter', role: 'setter', amount: 290_500, status: 'paid' }),
      line({ sellerName: 'Cor Closer', role: null, amount: 435_750, status: 'overdue' }),
    ],
  },
  {
    id: 'sale-2',
    clientName: '=HYPERLINK("http://evil.example";"klik")',
    projectName: 'Parkzicht; fase 2',
    propertyNumber: '+31',
    saleDate: '2026-02-01',
    deliveryDate: null,
    salePrice: 20_000_001,
    commissionPercentage: 3,
    commissionAmount: 600_000,
    commissions: [
      line({ sellerName: 'Iris', role: 'ISA', amount: -5, status: 'pending', kind: 'adjustment' }),
    ],
  },
  {
    id: 'sale-3',
    status: 'cancelled',
    clientName: 'Geannuleerd B.V.',
    projectName: 'Havenkwartier',
    propertyNumber: 'A-2',
    saleDate: '2026-01-15',
    deliveryDate: null,
    salePrice: 10_000_000,
    commissionPercentage: 2,
    commissionAmount: 200_000,
    commissions: [line({ sellerName: 'Iris', role: null, amount: 200_000, status: 'cancelled' })],
  },
] as SalesListItem[]

test('a row per sale, then a row per commission line, money in euros', () => {
  const rows = buildExportRows(salesList)
  expect(rows).toHaveLength(7)
  expect(rows[0]).toEqual([
    { kind: 'date', value: '2026-03-04' },
    { kind: 'text', value: 'Familie Jansen' },
    { kind: 'text', value: 'Havenkwartier' },
    { kind: 'text', value: 'A-1' },
    { kind: 'money', value: 345_000 },
    { kind: 'percentage', value: 2.5 },
    { kind: 'money', value: 7262.5 },
    ...Array(8).fill(null),
  ])
  expect(rows[1]?.slice(7)).toEqual([
    { kind: 'text', value: 'Sanne Setter' },
    { kind: 'text', value: 'setter' },
    { kind: 'text', value: 'Commissie' },
    { kind: 'money', value: 2905 },
    { kind: 'text', value: 'Betaald' },
    ...Array(3).fill(null),
  ])
  expect(rows[1]?.slice(0, 7)).toEqual(Array(7).fill(null))
  expect(rows[2]?.slice(7)).toEqual([
    { kind: 'text', value: 'Cor Closer' },
    null,
    { kind: 'text', value: 'Commissie' },
    { kind: 'money', value: 4357.5 },
    { kind: 'text', value: 'Achterstallig' },
    ...Array(3).fill(null),
  ])
  expect(rows[4]?.slice(9)).toEqual([
    { kind: 'text', value: 'Correctie' },
    { kind: 'money', value: -0.05 },
    { kind: 'text', value: 'In behandeling' },
    ...Array(3).fill(null),
  ])
  // A cancelled sale says so on its own row; its line is cancelled with it.
  expect(rows[3]?.[11]).toBeNull()
  expect(rows[5]?.[11]).toEqual({ kind: 'text', value: 'Geannuleerd' })
  expect(rows[6]?.[11]).toEqual({ kind: 'text', value: 'Geannuleerd' })
})

test('the CSV is for Dutch Excel: BOM, semicolons, decimal commas, every cell quoted, formulas neutralised', () => {
  const csv = toCsv(buildExportRows(salesList))
  expect(csv.startsWith('\uFEFF"Datum";"Klant";"Project";"Bouwnummer";"Verkoopprijs";')).toBe(true)
  expect(csv.split('\r\n')).toEqual([
    `\uFEFF${EXPORT_HEADERS.map((name) => `"${name}"`).join(';')}`,
    '"04-03-2026";"Familie Jansen";"Havenkwartier";"A-1";"345000,00";"2,5";"7262,50";;;;;;;;',
    ';;;;;;;"Sanne Setter";"setter";"Commissie";"2905,00";"Betaald";;;',
    ';;;;;;;"Cor Closer";;"Commissie";"4357,50";"Achterstallig";;;',
    `"01-02-2026";"'=HYPERLINK(""http://evil.example"";""klik"")";"Parkzicht; fase 2";"'+31";"200000,01";"3";"6000,00";;;;;;;;`,
    ';;;;;;;"Iris";"ISA";"Correctie";"-0,05";"In behandeling";;;',
    '"15-01-2026";"Geannuleerd B.V.";"Havenkwartier";"A-2";"100000,00";"2";"2000,00";;;;;"Geannuleerd";;;',
    ';;;;;;;"Iris";;"Commissie";"2000,00";"Geannuleerd";;;',
    '',
  ])
})

test('the XLSX holds numbers, dates and neutralised texts, as read back by a spreadsheet reader', async () => {
  const file = await writeExcelFile(toSheetData(buildExportRows(salesList), 'EUR')).toBuffer()
  const rows = await readSheet(file)
  expect(rows[0]).toEqual([...EXPORT_HEADERS])
  expect(rows[1]).toEqual([
    new Date('2026-03-04T00:00:00Z'),
    'Familie Jansen',
    'Havenkwartier',
    'A-1',
    345_000,
    2.5,
    7262.5,
    ...Array(8).fill(null),
  ])
  expect(rows[2]?.slice(7)).toEqual([
    'Sanne Setter',
    'setter',
    'Commissie',
    2905,
    'Betaald',
    ...Array(3).fill(null),
  ])
  expect(rows[4]?.slice(1, 5)).toEqual([
    `'=HYPERLINK("http://evil.example";"klik")`,
    'Parkzicht; fase 2',
    "'+31",
    200_000.01,
  ])
  expect(rows[5]?.slice(9)).toEqual(['Correctie', -0.05, 'In behandeling', null, null, null])
})

test("a line made by a plan names the plan, its tier and the adjustment's reason", async () => {
  const planSale = {
    ...salesList[0],
    id: 'sale-plan',
    commissions: [
      line({
        sellerName: 'Cor',
        role: 'closer',
        amount: 600_000,
        status: 'pending',
        planVersionId: 'v-1',
        planTier: 0,
      }),
      line({
        sellerName: 'Cor',
        role: 'closer',
        amount: 100_000,
        status: 'pending',
        kind: 'adjustment',
        planVersionId: 'v-2',
        planTier: 1,
        planNote: 'Trede 1 bereikt: 70 % (was 60 %)',
      }),
      line({
        sellerName: 'Iris',
        role: 'setter',
        amount: 5_000,
        status: 'pending',
        planVersionId: 'v-gone',
        planTier: 0,
      }),
    ],
  } as SalesListItem
  const names = new Map([
    ['v-1', 'Closers'],
    ['v-2', 'Closers'],
  ])
  const rows = buildExportRows([planSale], names)
  expect(EXPORT_HEADERS.slice(12)).toEqual(['Plan', 'Trede', 'Toelichting'])
  expect(rows[0]?.slice(12)).toEqual([null, null, null])
  expect(rows[1]?.slice(12)).toEqual([
    { kind: 'text', value: 'Closers' },
    { kind: 'text', value: 'Basis' },
    null,
  ])
  expect(rows[2]?.slice(12)).toEqual([
    { kind: 'text', value: 'Closers' },
    { kind: 'text', value: 'Trede 1' },
    { kind: 'text', value: 'Trede 1 bereikt: 70 % (was 60 %)' },
  ])
  // A version this device does not hold is still said to be a plan's.
  expect(rows[3]?.[12]).toEqual({ kind: 'text', value: 'Onbekend plan' })
  const csv = toCsv(rows).split('\r\n')
  expect(csv[3]).toBe(
    ';;;;;;;"Cor";"closer";"Correctie";"1000,00";"In behandeling";"Closers";"Trede 1";"Trede 1 bereikt: 70 % (was 60 %)"',
  )
  const sheet = await readSheet(await writeExcelFile(toSheetData(rows, 'EUR')).toBuffer())
  expect(sheet[0]?.slice(12)).toEqual(['Plan', 'Trede', 'Toelichting'])
  expect(sheet[3]?.slice(12)).toEqual(['Closers', 'Trede 1', 'Trede 1 bereikt: 70 % (was 60 %)'])
})
