import { describe, expect, test } from 'vitest'
import { MAX_ELEMENTS } from '#server/services/sales/sales-import/import-limits'
import { SheetXmlShape } from '#server/services/sales/sales-import/sheet-xml-shape'

// What the sheet reader would build from an .xlsx part, bounded from its XML before the
// reader runs: tricks that would hide a far row or column from a simpler scan.

const TOO_MANY_CELLS =
  'Het bestand heeft te veel cellen (maximaal 500.000, bijvoorbeeld 10.000 rijen van 50 kolommen)'
const TOO_MANY_ROWS = 'Het bestand heeft te veel rijen (maximaal 50.000)'
const TOO_MANY_ELEMENTS =
  'Het .xlsx-bestand bevat te veel onderdelen om te lezen (maximaal 1.000.000 XML-elementen; een blad met 10.000 verkopen heeft er ongeveer 200.000). Verdeel de verkopen over kleinere bestanden of sla het blad op als .csv.'

/** Feeds the XML in pieces of `size` characters. */
function measure(xml: string, size = xml.length) {
  const shape = new SheetXmlShape()
  for (let at = 0; at < xml.length; at += size) shape.push(xml.slice(at, at + size))
}

describe('the shape of a sheet', () => {
  test('a sheet of 10,000 rows of 27 filled columns passes', () => {
    const cells = (row: number) =>
      Array.from({ length: 27 }, (_, column) => {
        const letters = column < 26 ? String.fromCharCode(65 + column) : 'AA'
        return `<c r="${letters}${row}"><v>1</v></c>`
      }).join('')
    const rows = Array.from(
      { length: 10_000 },
      (_, index) => `<row r="${index + 1}">${cells(index + 1)}</row>`,
    )
    expect(() => measure(`<sheetData>${rows.join('')}</sheetData>`, 4096)).not.toThrow()
  })

  test.each([
    ['a row numbered a billion', '<row r="1000000000"></row>'],
    ['a row number written as 1e9', '<row r="1e9"></row>'],
    ['a row number hidden in an entity', '<row r="1&#101;9"></row>'],
    ['a cell in a far row', '<row><c r="A60000" s="1"/></row>'],
  ])('%s is refused as too many rows', (_name, xml) => {
    expect(() => measure(xml)).toThrow(TOO_MANY_ROWS)
  })

  test.each([
    ['two filled corners', '<c r="A1"><v>1</v></c><c r="XFD40"><v>2</v></c>'],
    ['a quoted ">" before the reference', '<c a="x>y" r="XFD40"><v>2</v></c>'],
    ['a namespace prefix', '<x:c r="XFD40"><x:v>2</x:v></x:c>'],
    ['single quotes', "<c r='XFD40'><v>2</v></c>"],
  ])('%s spanning over 500,000 cells is refused', (_name, xml) => {
    expect(() => measure(xml)).toThrow(TOO_MANY_CELLS)
    // The same, split at every possible place.
    for (let size = 1; size < xml.length; size++) expect(() => measure(xml, size)).toThrow()
  })

  test('an empty styled cell far to the right costs nothing: the reader skips it', () => {
    expect(() => measure('<row r="40"><c r="XFD40" s="3"/></row>')).not.toThrow()
  })

  test('more than 500,000 shared texts are refused', () => {
    expect(() => measure('<si>a</si>'.repeat(500_001), 65_536)).toThrow(TOO_MANY_CELLS)
  })

  test('a tag that never ends is not kept past 64 KB', () => {
    expect(() => measure(`<c r="A1" ${'x'.repeat(70_000)}`, 8192)).toThrow(TOO_MANY_CELLS)
  })

  test('rows without a number count as the row after the last: 50,001 empty ones are refused', () => {
    expect(() => measure('<row a="1" b="2" c="3"/>'.repeat(50_000), 65_536)).not.toThrow()
    expect(() => measure('<row a="1" b="2" c="3"/>'.repeat(50_001), 65_536)).toThrow(TOO_MANY_ROWS)
    expect(() => measure(`<row r="49999"/>${'<row/>'.repeat(2)}`)).toThrow(TOO_MANY_ROWS)
  })

  test.each([
    ['empty shared texts', '<si/>'],
    ['elements of a name the reader ignores', '<x a="1"/>'],
    ['elements nested in each other', '<x>'],
  ])('more than 1,000,000 %s are refused', (_name, element) => {
    expect(() => measure(element.repeat(MAX_ELEMENTS), 65_536)).not.toThrow()
    expect(() => measure(element.repeat(MAX_ELEMENTS + 1), 65_536)).toThrow(TOO_MANY_ELEMENTS)
  })

  test('the elements of all parts of one file count together; end tags do not count', () => {
    const counted = { elements: 0 }
    const half = '<x></x>'.repeat(MAX_ELEMENTS / 2)
    new SheetXmlShape(counted).push(half)
    expect(counted.elements).toBe(MAX_ELEMENTS / 2)
    expect(() => new SheetXmlShape(counted).push(`${half}<x/>`)).toThrow(TOO_MANY_ELEMENTS)
  })
})
