import { constants, crc32, deflateRawSync } from 'node:zlib'
import { strToU8, Zip, type ZipInputFile } from 'fflate'
import { contentTypesPart, xmlPart as xml } from './xlsx.ts'

// Workbooks that are small on the wire and huge once read: the attacks an .xlsx upload
// must survive. Each is a real workbook (the parts a reader looks for), built here with
// fflate's streaming Zip, so a test or bench never holds what the bomb unpacks to.

const SPREADSHEET = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const RELATIONS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PACKAGE_RELATIONS = 'http://schemas.openxmlformats.org/package/2006/relationships'

/** The parts around a sheet: content types, relations, the workbook. */
const SKELETON: Record<string, Uint8Array> = {
  '[Content_Types].xml': contentTypesPart('sharedStrings'),
  '_rels/.rels': xml(
    `<Relationships xmlns="${PACKAGE_RELATIONS}">` +
      `<Relationship Id="rId1" Type="${RELATIONS}/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
  ),
  'xl/workbook.xml': xml(
    `<workbook xmlns="${SPREADSHEET}" xmlns:r="${RELATIONS}">` +
      '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ),
  'xl/_rels/workbook.xml.rels': xml(
    `<Relationships xmlns="${PACKAGE_RELATIONS}">` +
      `<Relationship Id="rId1" Type="${RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELATIONS}/sharedStrings" Target="sharedStrings.xml"/>` +
      '</Relationships>',
  ),
}

/**
 * A zip of `parts`; a part given as a function is deflated piece by piece as it yields.
 * zlib deflates each piece as a segment of its own (flushed, so that segments join into
 * one stream), and a piece yielded again is not deflated again: a bomb repeats one block
 * hundreds of times, which fflate's deflate took seconds over.
 */
function zipParts(parts: Record<string, Uint8Array | (() => Iterable<Uint8Array>)>) {
  const chunks: Uint8Array[] = []
  const zip = new Zip((error, chunk) => {
    if (error) throw error
    chunks.push(chunk)
  })
  const segments = new Map<Uint8Array, Uint8Array<ArrayBuffer>>()
  const segmentOf = (piece: Uint8Array) => {
    let segment = segments.get(piece)
    if (!segment) {
      segment = new Uint8Array(
        deflateRawSync(piece, { level: 9, finishFlush: constants.Z_FULL_FLUSH }),
      )
      segments.set(piece, segment)
    }
    return segment
  }
  for (const [name, content] of Object.entries(parts)) {
    const pieces = content instanceof Uint8Array ? [content] : content()
    const file: ZipInputFile = { filename: name, compression: 8, size: 0, crc: 0 }
    zip.add(file)
    for (const piece of pieces) {
      file.size += piece.length
      file.crc = crc32(piece, file.crc)
      file.ondata?.(null, segmentOf(piece), false)
    }
    // The last block: empty, marked final.
    file.ondata?.(null, new Uint8Array(deflateRawSync(new Uint8Array(0))), true)
  }
  zip.end()
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return bytes
}

const sheetXml = (rows: string) =>
  xml(`<worksheet xmlns="${SPREADSHEET}"><sheetData>${rows}</sheetData></worksheet>`)

/**
 * A workbook whose shared strings unpack to `mebibytes` MiB (186 in the attack that held
 * 850 MB of the server for 25 s) while its one sheet uses the first of them.
 */
export function buildSharedStringsBomb(mebibytes = 186): Uint8Array<ArrayBuffer> {
  const entry = '<si><t>Klant de Vries, Parkzicht B-12</t></si>'
  const block = strToU8(entry.repeat(Math.floor((1024 * 1024) / entry.length)))
  return zipParts({
    ...SKELETON,
    'xl/worksheets/sheet1.xml': sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
    'xl/sharedStrings.xml': function* () {
      yield strToU8(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SPREADSHEET}">`)
      for (let index = 0; index < mebibytes; index++) yield block
      yield strToU8('</sst>')
    },
  }) as Uint8Array<ArrayBuffer>
}

/** A workbook of a few hundred bytes whose one row is numbered `rowNumber`. */
export function buildFarRowWorkbook(rowNumber: string): Uint8Array<ArrayBuffer> {
  return zipParts({
    ...SKELETON,
    'xl/worksheets/sheet1.xml': sheetXml(
      `<row r="1"><c r="A1" t="inlineStr"><is><t>Klantnaam</t></is></c></row><row r="${rowNumber}"></row>`,
    ),
    'xl/sharedStrings.xml': xml(`<sst xmlns="${SPREADSHEET}"></sst>`),
  }) as Uint8Array<ArrayBuffer>
}

/** A workbook with two filled cells at opposite corners of `lastCell` (e.g. "XFD40000"). */
export function buildWideWorkbook(lastCell: string): Uint8Array<ArrayBuffer> {
  const row = lastCell.replace(/^[A-Z]+/, '')
  return zipParts({
    ...SKELETON,
    'xl/worksheets/sheet1.xml': sheetXml(
      `<row r="1"><c r="A1"><v>1</v></c></row><row r="${row}"><c r="${lastCell}"><v>2</v></c></row>`,
    ),
    'xl/sharedStrings.xml': xml(`<sst xmlns="${SPREADSHEET}"></sst>`),
  }) as Uint8Array<ArrayBuffer>
}

/**
 * The same zip, its central directory saying every entry unpacks to 1 kB: a reader that
 * trusts the directory is fooled, one that counts what comes out is not.
 */
export function lieAboutSizes(zip: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(zip)
  const view = new DataView(bytes.buffer)
  for (let at = 0; at + 46 <= bytes.length; at++) {
    if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 1024, true)
  }
  return bytes
}

/** `element` repeated to `mebibytes` MiB, yielded one MiB at a time (the same block each time). */
function* repeatTo(element: string, mebibytes: number) {
  const block = strToU8(element.repeat(Math.floor((1024 * 1024) / element.length)))
  for (let index = 0; index < mebibytes; index++) yield block
}

/**
 * Workbooks of tens of KB that are nothing but elements, each shape under the unpacked,
 * row and cell limits: empty rows without a number (no row is counted filled), empty
 * shared texts, or elements nested inside each other. Each made the reader work for
 * seconds to a minute and hold about 200 MB (issue 47).
 */
export function buildElementBomb(
  shape: 'empty-rows' | 'empty-shared-texts' | 'nested',
  mebibytes = 15,
): Uint8Array<ArrayBuffer> {
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Klantnaam</t></is></c></row>'
  const sheet = (rows: () => Iterable<Uint8Array>) =>
    function* () {
      yield strToU8(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SPREADSHEET}">`)
      yield strToU8(`<sheetData>${header}`)
      yield* rows()
      yield strToU8('</sheetData></worksheet>')
    }
  const emptyTexts = xml(`<sst xmlns="${SPREADSHEET}"></sst>`)
  if (shape === 'empty-rows') {
    return zipParts({
      ...SKELETON,
      'xl/worksheets/sheet1.xml': sheet(() => repeatTo('<row a="1" b="2" c="3"/>', mebibytes)),
      'xl/sharedStrings.xml': emptyTexts,
    }) as Uint8Array<ArrayBuffer>
  }
  if (shape === 'empty-shared-texts') {
    return zipParts({
      ...SKELETON,
      'xl/worksheets/sheet1.xml': sheet(() => []),
      'xl/sharedStrings.xml': function* () {
        yield strToU8(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SPREADSHEET}">`)
        yield* repeatTo('<si/>', mebibytes)
        yield strToU8('</sst>')
      },
    }) as Uint8Array<ArrayBuffer>
  }
  // Half the bytes open elements, half close them again: one branch millions deep.
  return zipParts({
    ...SKELETON,
    'xl/worksheets/sheet1.xml': sheet(function* () {
      const depth = 64 * 1024
      const blocks = Math.floor((mebibytes * 1024 * 1024) / (7 * depth))
      const open = strToU8('<x>'.repeat(depth))
      const close = strToU8('</x>'.repeat(depth))
      for (let index = 0; index < blocks; index++) yield open
      for (let index = 0; index < blocks; index++) yield close
    }),
    'xl/sharedStrings.xml': emptyTexts,
  }) as Uint8Array<ArrayBuffer>
}
