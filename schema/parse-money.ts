import { cellText, type Parsed, type SheetCell } from './sales-import/sheet-cell.ts'

// The one reading of money as people write it: a cell of the sales import, the wizard's
// price and costs, the amount of a payment part. Amounts are read digit by digit and never
// pass through a float, so '€ 1.234,56' is exactly 123456 cents. Which of '.' and ',' is
// the decimal mark follows from the text: with both, the last one; with one kind used
// once and followed by exactly three digits, it groups thousands ('1.234' and '12,345' are
// whole euros, because cents have two decimals); otherwise it is the decimal mark.

/** Largest amount a sale may carry (schema/sales.ts: 1e13 cents). */
const MAX_CENTS = 1e13

const CURRENCY = /€|\$|£|\b(?:eur|euro|usd|gbp)\b/gi
// A space of any kind (incl. no-break) or the Swiss apostrophe grouping thousands:
// '1 234,56', "1'234.56". Any other space inside an amount makes it no amount.
const GROUPING_SPACE = /(\d)[\s'’](?=\d{3}(?!\d))/g
// '€ 1.234,-' is whole euros.
const WHOLE_EUROS = /[.,]-{1,2}$/

/** Whether `digits` is a valid thousands grouping with `separator` ('1.234.567'). */
function isGrouped(digits: string, separator: string) {
  const groups = digits.split(separator)
  const [first, ...rest] = groups
  return /^\d{1,3}$/.test(first ?? '') && rest.every((group) => /^\d{3}$/.test(group))
}

function count(text: string, char: string) {
  return text.split(char).length - 1
}

/** Splits plain digits and separators into whole units and decimals, or null. */
function splitAmount(text: string): { units: string; decimals: string } | null {
  const lastDot = text.lastIndexOf('.')
  const lastComma = text.lastIndexOf(',')
  if (lastDot === -1 && lastComma === -1) return { units: text, decimals: '' }
  if (lastDot !== -1 && lastComma !== -1) {
    const decimal = lastDot > lastComma ? '.' : ','
    const thousands = decimal === '.' ? ',' : '.'
    const at = text.lastIndexOf(decimal)
    const units = text.slice(0, at)
    if (count(text, decimal) !== 1 || !isGrouped(units, thousands)) return null
    return { units: units.replaceAll(thousands, ''), decimals: text.slice(at + 1) }
  }
  const separator = lastDot === -1 ? ',' : '.'
  const [before = '', after = ''] = text.split(separator)
  if (count(text, separator) > 1) {
    return isGrouped(text, separator)
      ? { units: text.replaceAll(separator, ''), decimals: '' }
      : null
  }
  if (after.length === 3 && isGrouped(text, separator) && !before.startsWith('0')) {
    return { units: before + after, decimals: '' }
  }
  return { units: before, decimals: after }
}

/**
 * Money as written (a typed field, a sheet's cell) to integer cents: Dutch ('€ 1.234,56',
 * '1.234,-', '1250,5') and international ('1,234.56', '1234.56', '€1234') notations. A
 * number cell is rounded half up to whole cents; written text with more than two decimals,
 * a negative amount or nothing at all is refused, with the reason in Dutch.
 */
export function parseMoneyToCents(cell: SheetCell): Parsed<number> {
  if (typeof cell === 'number') return parseNumberCell(cell)
  const written = cellText(cell)
  if (written === '') return { ok: false, problem: 'ontbreekt' }
  let text = written.replace(CURRENCY, ' ').trim().replace(GROUPING_SPACE, '$1')
  const isWhole = WHOLE_EUROS.test(text)
  if (isWhole) text = text.replace(WHOLE_EUROS, '')
  if (/^[-−(]/.test(text) || text.endsWith('-')) {
    return { ok: false, problem: `"${written}" is negatief` }
  }
  const notAnAmount = { ok: false, problem: `"${written}" is geen geldig bedrag` } as const
  if (!/^[\d.,]*\d[\d.,]*$/.test(text)) return notAnAmount
  const parts = splitAmount(text)
  if (!parts || !/^\d*$/.test(parts.units) || !/^\d*$/.test(parts.decimals)) return notAnAmount
  if (isWhole && parts.decimals !== '') return notAnAmount
  if (parts.decimals.length > 2) {
    return { ok: false, problem: `"${written}" heeft meer dan twee decimalen` }
  }
  return toCents(parts.units, parts.decimals.padEnd(2, '0'), written)
}

function parseNumberCell(value: number): Parsed<number> {
  if (!Number.isFinite(value)) return { ok: false, problem: `"${value}" is geen geldig bedrag` }
  if (value < 0) return { ok: false, problem: `"${value}" is negatief` }
  // The shortest text of the number ('1.005'), rounded on its digits rather than in binary.
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(value))
  if (!match) return { ok: false, problem: `"${value}" is geen geldig bedrag` }
  const [, units = '0', decimals = ''] = match
  const cents = toCents(units, decimals.slice(0, 2).padEnd(2, '0'), String(value))
  if (!cents.ok || (decimals[2] ?? '0') < '5') return cents
  return cents.value + 1 > MAX_CENTS
    ? { ok: false, problem: `"${value}" is te groot` }
    : { ok: true, value: cents.value + 1 }
}

function toCents(units: string, twoDecimals: string, written: string): Parsed<number> {
  const whole = units.replace(/^0+(?=\d)/, '') || '0'
  if (whole.length > 11) return { ok: false, problem: `"${written}" is te groot` }
  const cents = Number(whole) * 100 + Number(twoDecimals)
  if (cents > MAX_CENTS) return { ok: false, problem: `"${written}" is te groot` }
  return { ok: true, value: cents }
}
