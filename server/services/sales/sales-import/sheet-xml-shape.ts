import {
  MAX_CELLS,
  MAX_ELEMENTS,
  MAX_ROWS,
  refuseCells,
  refuseElements,
  refuseRows,
} from './import-limits.ts'

// The size of what the sheet reader (read-excel-file) would build from an .xlsx part,
// found from the XML as it is unpacked, before the reader runs. The reader fills the gaps
// before a row number and before a filled cell's column, and pads every row to the last
// filled column: a few bytes of `<row r="1000000000">` would make it build a billion rows.
// So the row and column numbers are read the way the reader reads them
// (`Number("1e9")` is a row number too) and the spanned area is bounded as it grows. A
// row without a number is the one after the last (the reader adds one for each). And every
// element of any name is counted, across all parts of the file: the reader's work and
// memory grow with them, whatever their names (issue 47: 15 MiB of `<si/>`).

/** Elements counted so far in all parts of one file (each part has its own SheetXmlShape). */
export type ElementCount = { elements: number }

const REFERENCE = /\sr\s*=\s*(?:"([^"]*)"|'([^']*)')/
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
/** Longer than any tag of a real sheet; a longer one is not kept while waiting for its end. */
const MAX_TAG_CHARS = 64 * 1024

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? entity
    const code =
      name[1] === 'x' || name[1] === 'X'
        ? Number.parseInt(name.slice(2), 16)
        : Number(name.slice(1))
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity
  })

/** The '>' that ends the tag begun before `from`, outside quoted values ('>' may stand in one), or -1. */
function findTagEnd(text: string, from: number) {
  let quote = 0
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (quote !== 0) {
      if (code === quote) quote = 0
    } else if (code === 34 || code === 39) {
      quote = code
    } else if (code === 62) {
      return index
    }
  }
  return -1
}

/** The local name of the tag whose name starts at `from` (a namespace prefix dropped). */
function readTagName(text: string, from: number) {
  let end = from
  for (; end < text.length; end++) {
    const code = text.charCodeAt(end)
    // White space, '/' or '>' ends a name.
    if (code <= 32 || code === 47 || code === 62) break
  }
  const name = text.slice(from, end)
  const colon = name.indexOf(':')
  return colon < 0 ? name : name.slice(colon + 1)
}

/** [row, column] as the sheet reader's parseCellAddress reads "AB12". */
function readCellAddress(address: string): [number, number] {
  let column = 0
  for (let index = 0; index < address.length; index++) {
    const code = address.charCodeAt(index)
    if (code >= 48 && code <= 57) return [Number(address.slice(index)), column]
    column = column * 26 + (code - 64)
  }
  return [Number.NaN, column]
}

/** Bounds the rows, cells and shared texts of one unpacked XML part, fed in pieces. */
export class SheetXmlShape {
  #carry = ''
  #lastRow = 0
  #lastFilledRow = 0
  #lastFilledColumn = 0
  #sharedTexts = 0

  constructor(private readonly counted: ElementCount = { elements: 0 }) {}

  /** Takes the next piece of the part (decoded as latin1); throws 413 past a limit. */
  push(piece: string) {
    const text = this.#carry + piece
    this.#carry = ''
    // A loop over '<' rather than one regular expression: a part holds up to a million
    // tags, and this runs while the upload's caller waits.
    for (let open = text.indexOf('<'); open >= 0; ) {
      const close = findTagEnd(text, open + 1)
      if (close < 0) {
        this.#carry = text.slice(open)
        if (this.#carry.length > MAX_TAG_CHARS) refuseCells()
        return
      }
      // Every tag but an end tag (`</x>`) is an element (`<?xml` and comments count too).
      if (text.charCodeAt(open + 1) !== 47 && ++this.counted.elements > MAX_ELEMENTS) {
        refuseElements()
      }
      const name = readTagName(text, open + 1)
      if (name === 'row' || name === 'c' || name === 'si') {
        this.#onTag(name, text.slice(open + 1, close))
      }
      open = text.indexOf('<', close)
    }
  }

  #onTag(name: 'row' | 'c' | 'si', attributes: string) {
    const isEmpty = attributes.endsWith('/')
    if (name === 'si') {
      if (!isEmpty && ++this.#sharedTexts > MAX_CELLS) refuseCells()
      return
    }
    const match = REFERENCE.exec(attributes)
    const reference = match ? decodeEntities(match[1] ?? match[2] ?? '') : null
    if (name === 'row') {
      this.#noteRow(reference === null ? this.#lastRow + 1 : Number(reference))
      return
    }
    if (reference === null) return
    const [row, column] = readCellAddress(reference)
    this.#noteRow(row)
    if (isEmpty) return
    // A cell with content: the reader pads every row up to the last such column.
    if (row > this.#lastFilledRow) this.#lastFilledRow = row
    if (column > this.#lastFilledColumn) this.#lastFilledColumn = column
    if (this.#lastFilledRow * this.#lastFilledColumn > MAX_CELLS) refuseCells()
  }

  #noteRow(row: number) {
    if (!(row <= MAX_ROWS) && !Number.isNaN(row)) refuseRows()
    if (row > this.#lastRow) this.#lastRow = row
  }
}
