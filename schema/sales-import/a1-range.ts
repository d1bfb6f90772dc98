// Sheets ranges in A1 notation ('Sheet1!A:Z', "'Verkoop 2025'!B2:K", 'A1:Z100', 'Sheet1'),
// read enough to know where the returned rows start and whether column AA is inside.

/** One corner of a range; absent parts are open ('A:Z' has no rows). */
export type A1Corner = { column: number | null; row: number | null }

/** A parsed range: the sheet (null: the first sheet) and its corners, 0-based columns. */
export type A1Range = { sheet: string | null; start: A1Corner; end: A1Corner | null }

const CORNER = /^([A-Za-z]{1,3})?([1-9]\d{0,6})?$/

/** 'A' → 0, 'Z' → 25, 'AA' → 26. */
export function columnIndex(letters: string): number {
  return [...letters.toUpperCase()].reduce((sum, char) => sum * 26 + char.charCodeAt(0) - 64, 0) - 1
}

/** 0 → 'A', 26 → 'AA'. */
export function columnLetters(index: number): string {
  let letters = ''
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters
  }
  return letters
}

function parseCorner(text: string): A1Corner | null {
  const match = CORNER.exec(text)
  if (!match || text === '') return null
  return {
    column: match[1] ? columnIndex(match[1]) : null,
    row: match[2] ? Number(match[2]) : null,
  }
}

function splitSheet(text: string): { sheet: string | null; cells: string | null } | null {
  if (text.startsWith("'")) {
    const close = /^'((?:[^']|'')+)'(?:!(.*))?$/.exec(text)
    return close ? { sheet: (close[1] ?? '').replaceAll("''", "'"), cells: close[2] ?? null } : null
  }
  const bang = text.lastIndexOf('!')
  if (bang === -1) return { sheet: null, cells: text }
  return { sheet: text.slice(0, bang), cells: text.slice(bang + 1) }
}

/** Parses a range, or null when it is not A1 notation. A lone name is a whole sheet. */
export function parseA1Range(text: string): A1Range | null {
  const parts = splitSheet(text.trim())
  if (!parts || parts.sheet === '') return null
  if (parts.cells === null || parts.cells === '') {
    return parts.sheet ? { sheet: parts.sheet, start: { column: 0, row: 1 }, end: null } : null
  }
  const [from = '', to, ...rest] = parts.cells.split(':')
  const start = parseCorner(from)
  const end = to === undefined ? start : parseCorner(to)
  if (rest.length || !start || !end) {
    // 'Verkoop' without '!' is a sheet name, as Sheets reads it.
    return parts.sheet === null && /^[^:!]+$/.test(parts.cells)
      ? { sheet: parts.cells, start: { column: 0, row: 1 }, end: null }
      : null
  }
  return { sheet: parts.sheet, start, end }
}

/** The sheet name as A1 notation wants it: quoted when it has more than letters and digits. */
export function quoteSheetName(sheet: string): string {
  return /^[A-Za-z0-9_]+$/.test(sheet) ? sheet : `'${sheet.replaceAll("'", "''")}'`
}
