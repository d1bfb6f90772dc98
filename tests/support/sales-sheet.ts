import { buildXlsx, type XlsxCell } from './xlsx.ts'

/** The header of a sales sheet as an office keeps one: the columns an import maps by name. */
export const SALES_SHEET_HEADER = [
  'Klantnaam',
  'Project',
  'Verkoopdatum',
  'Verkoopprijs',
  'Commissie %',
  'Verkoper',
  'Bouwnummer',
]

/** An .xlsx of `count` ordinary sales, clients named `<clientPrefix> <n>`. */
export function buildSalesWorkbook(count: number, clientPrefix = 'Klant') {
  const rows: XlsxCell[][] = [[...SALES_SHEET_HEADER]]
  for (let index = 0; index < count; index++) {
    rows.push([
      `${clientPrefix} ${index}`,
      `Project ${index % 10}`,
      { dateSerial: 45_700 + (index % 200) },
      250_000 + index,
      2.5,
      `Verkoper ${index % 20}`,
      `B-${index}`,
    ])
  }
  return buildXlsx(rows)
}
