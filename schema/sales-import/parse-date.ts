import { cellText, type Parsed, type SheetCell } from './sheet-cell.ts'

// Day first, as in the Netherlands: '01/02/2025' is 1 February. A month-first (US) sheet
// must use ISO dates or real date cells; an impossible day or month is refused, never
// rolled over into the next month.

const DAY_MS = 86_400_000
/** Day 0 of spreadsheet serial dates (Google Sheets, and Excel after 1 March 1900). */
const SERIAL_EPOCH_MS = Date.UTC(1899, 11, 30)
const MIN_YEAR = 1900
const MAX_YEAR = 2199

// biome-ignore format: one month per line reads better than one name per line
const MONTHS: Record<string, number> = {
  jan: 1, januari: 1, january: 1,
  feb: 2, februari: 2, february: 2,
  mrt: 3, maart: 3, mar: 3, march: 3,
  apr: 4, april: 4,
  mei: 5, may: 5,
  jun: 6, juni: 6, june: 6,
  jul: 7, juli: 7, july: 7,
  aug: 8, augustus: 8, august: 8,
  sep: 9, sept: 9, september: 9,
  okt: 10, oct: 10, oktober: 10, october: 10,
  nov: 11, november: 11,
  dec: 12, december: 12,
}

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[t ][\d:.]+(?:z|[+-][\d:]+)?)?$/
const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?: [\d:.]+)?$/
const WITH_MONTH_NAME = /^(\d{1,2})[\s-]*([a-z]+)\.?[\s-]*(\d{4})$/
const SERIAL = /^\d{1,7}(?:\.\d+)?$/

function pad(value: number, width = 2) {
  return String(value).padStart(width, '0')
}

/** 'YYYY-MM-DD' when the date exists, else null (31 February, month 13, year 1492). */
export function toCalendarDate(year: number, month: number, day: number): string | null {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (day > daysInMonth) return null
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

function fromUtcDate(date: Date) {
  return toCalendarDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
}

/** A spreadsheet serial number (days since 1899-12-30; a fraction is the time of day). */
export function fromSerialDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1) return null
  return fromUtcDate(new Date(SERIAL_EPOCH_MS + Math.floor(serial) * DAY_MS))
}

/**
 * A date cell to 'YYYY-MM-DD': '31-12-2025', '31/12/2025', '31.12.2025', '2025-12-31',
 * '31 december 2025', a serial number (45657) or a Date from an .xlsx file (read as UTC,
 * which is how the file reader builds it).
 */
export function parseSheetDate(cell: SheetCell): Parsed<string> {
  const written = cellText(cell)
  if (written === '') return { ok: false, problem: 'ontbreekt' }
  const impossible = { ok: false, problem: `"${written}" is geen bestaande datum` } as const
  let date: string | null
  if (cell instanceof Date) date = fromUtcDate(cell)
  else if (typeof cell === 'number' || SERIAL.test(written)) date = fromSerialDate(Number(written))
  else {
    const text = written.toLowerCase()
    const iso = ISO.exec(text)
    const dayFirst = DAY_FIRST.exec(text)
    const named = WITH_MONTH_NAME.exec(text)
    if (iso) date = toCalendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))
    else if (dayFirst) {
      date = toCalendarDate(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]))
    } else if (named && MONTHS[named[2] ?? ''] !== undefined) {
      date = toCalendarDate(Number(named[3]), MONTHS[named[2] ?? ''] ?? 0, Number(named[1]))
    } else {
      return { ok: false, problem: `"${written}" is geen datum (gebruik dd-mm-jjjj)` }
    }
  }
  return date ? { ok: true, value: date } : impossible
}
