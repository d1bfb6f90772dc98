import { cellText, type Parsed, type SheetCell } from './sales-import/sheet-cell.ts'

// The one reading of a percentage as people write it: the wizard's Commissie (%) and
// Korting (%), each line's share, the settings, a cell of the sales import. Unlike money
// (schema/parse-money.ts) there is no thousands separator: a percentage has at most four
// decimals, so '.' and ',' are both the decimal mark and '2,125' and '2.125' are 2.125.
// A text with two marks, letters or a fifth decimal is refused, never guessed.

/** The bounds a percentage may take (a sale's: 0 to 100). */
export type PercentageRange = { min: number; max: number }

/** Every percentage of a sale lies from 0 to 100. */
export const SALE_PERCENTAGE_RANGE: PercentageRange = { min: 0, max: 100 }

/** Decimals a percentage carries: the precision of the commission arithmetic. */
export const PERCENTAGE_DECIMALS = 4

// Digits with at most one decimal mark: '2', '2,5', '2.', ',5'.
const WRITTEN = /^(?:\d+[.,]?\d*|[.,]\d+)$/

/**
 * A percentage as written ('2,5', '2.5 %', '2,50', 3) to the number shown (2.5, not
 * 0.025), within `range`; what cannot be read is refused with the reason in Dutch.
 */
export function parsePercentage(
  cell: SheetCell,
  range: PercentageRange = SALE_PERCENTAGE_RANGE,
): Parsed<number> {
  const written = cellText(cell)
  if (written === '') return { ok: false, problem: 'ontbreekt' }
  const text = written.replace(/\s*%$/, '')
  if (/^[-−]/.test(text)) {
    return { ok: false, problem: `"${written}" is negatief` }
  }
  if (!WRITTEN.test(text)) {
    return { ok: false, problem: `"${written}" is geen geldig percentage` }
  }
  const [, decimals = ''] = text.split(/[.,]/)
  if (decimals.length > PERCENTAGE_DECIMALS) {
    return { ok: false, problem: `"${written}" heeft meer dan vier decimalen` }
  }
  const value = Number(text.replace(',', '.'))
  if (value < range.min || value > range.max) {
    const bounds = `${formatPercentageText(range.min)} en ${formatPercentageText(range.max)}`
    return { ok: false, problem: `"${written}" ligt niet tussen ${bounds}` }
  }
  return { ok: true, value }
}

/** Whether a number carries at most four decimals (what the server accepts). */
export function hasPercentageDecimals(value: number): boolean {
  const scaled = value * 10 ** PERCENTAGE_DECIMALS
  return Math.abs(scaled - Math.round(scaled)) < 1e-6
}

/** A percentage the Dutch way, for a field to show back: 2.5 → '2,5', 2.125 → '2,125'. */
export function formatPercentageText(value: number): string {
  const rounded = Number(value.toFixed(PERCENTAGE_DECIMALS))
  return String(rounded).replace('.', ',')
}
