import { strToU8, zipSync } from 'fflate'

/** A cell of a generated workbook: text, a number, or a date cell (serial, date format). */
export type XlsxCell = string | number | { dateSerial: number } | null

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

/** A part of a workbook: the XML declaration, then `body`. */
export const xmlPart = (body: string) =>
  strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`)

/** The content types of a one-sheet workbook whose third part is `part` (xl/<part>.xml). */
export const contentTypesPart = (part: 'styles' | 'sharedStrings') =>
  xmlPart(
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      `<Override PartName="/xl/${part}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.${part}+xml"/>` +
      '</Types>',
  )

function columnLetters(index: number) {
  let letters = ''
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters
  }
  return letters
}

function toCellXml(cell: XlsxCell, reference: string) {
  if (cell === null) return ''
  if (typeof cell === 'string') {
    return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`
  }
  // Style 1 is numFmtId 14 (a built-in date format), so readers see a date.
  if (typeof cell === 'object') return `<c r="${reference}" s="1"><v>${cell.dateSerial}</v></c>`
  return `<c r="${reference}"><v>${cell}</v></c>`
}

/**
 * A minimal .xlsx (Office Open XML) with one sheet 'Sheet1': the parts a spreadsheet
 * reader needs and nothing else, text as inline strings.
 */
export function buildXlsx(rows: XlsxCell[][]): Uint8Array<ArrayBuffer> {
  const sheetRows = rows
    .map((row, rowIndex) => {
      const cells = row.map((cell, column) =>
        toCellXml(cell, `${columnLetters(column)}${rowIndex + 1}`),
      )
      return `<row r="${rowIndex + 1}">${cells.join('')}</row>`
    })
    .join('')
  const zip = zipSync({
    '[Content_Types].xml': contentTypesPart('styles'),
    '_rels/.rels': xmlPart(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ),
    'xl/workbook.xml': xmlPart(
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': xmlPart(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '</Relationships>',
    ),
    'xl/styles.xml': xmlPart(
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>' +
        '<cellXfs count="2"><xf numFmtId="0" xfId="0"/><xf numFmtId="14" xfId="0" applyNumberFormat="1"/></cellXfs>' +
        '</styleSheet>',
    ),
    'xl/worksheets/sheet1.xml': xmlPart(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  })
  return new Uint8Array(zip)
}
