/**
 * Numbers written as `Intl.NumberFormat('nl-NL')` writes them, without `Intl`. A page's
 * first `Intl` formatter costs 35–75 ms while ICU loads its number data (decision 027),
 * inside the first screen's start; this gives the same text for the figures a first screen
 * shows (tests/unit/dutch-number.test.ts holds it equal to `Intl` over many values) and
 * leaves the rare rest (NaN, infinities, exponent-sized values) to `Intl` itself.
 */

export type DutchNumberOptions = {
  /** Intl's default is 3. */
  maximumFractionDigits?: number
  minimumFractionDigits?: number
  /** 'auto' (Intl's default): a minus for negatives, also -0; 'exceptZero': + or -, none on 0. */
  signDisplay?: 'auto' | 'exceptZero'
}

const GROUP = '.'
const DECIMAL = ','

/** `digits` (a decimal integer string) plus one, carried. */
function increment(digits: string): string {
  const chars = digits.split('')
  for (let index = chars.length - 1; index >= 0; index--) {
    if (chars[index] !== '9') {
      chars[index] = String(Number(chars[index]) + 1)
      return chars.join('')
    }
    chars[index] = '0'
  }
  return `1${chars.join('')}`
}

/** Dots between thousands: '1234567' → '1.234.567'. */
function group(integer: string): string {
  let grouped = ''
  for (let end = integer.length; end > 0; end -= 3) {
    const part = integer.slice(Math.max(0, end - 3), end)
    grouped = grouped ? `${part}${GROUP}${grouped}` : part
  }
  return grouped
}

/**
 * The magnitude's digits rounded as ICU rounds: from the shortest decimal that reads back
 * as the same double (what `String` prints, so 1.005 is 1.005, not 1.00499…), half away
 * from zero. Undefined when `String` would print an exponent.
 */
function roundMagnitude(magnitude: number, maximum: number, minimum: number) {
  const printed = String(magnitude)
  if (printed.includes('e')) return undefined
  let [integer = '0', fraction = ''] = printed.split('.')
  if (fraction.length > maximum) {
    const roundsUp = (fraction[maximum] ?? '0') >= '5'
    fraction = fraction.slice(0, maximum)
    if (roundsUp) {
      const carried = increment(`${integer}${fraction}`)
      integer = carried.slice(0, carried.length - maximum) || '0'
      fraction = carried.slice(carried.length - maximum)
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minimum, '0')
  const isZero = /^0*$/.test(integer) && /^0*$/.test(fraction)
  return { integer, fraction, isZero }
}

let fallbacks: Map<string, Intl.NumberFormat> | undefined

/** Intl for what the small formatter leaves (NaN, ±Infinity, 1e21 and up, under 1e-6). */
function viaIntl(value: number, options: Intl.NumberFormatOptions): string {
  fallbacks ??= new Map()
  const key = JSON.stringify(options)
  let format = fallbacks.get(key)
  if (!format) {
    format = new Intl.NumberFormat('nl-NL', options)
    fallbacks.set(key, format)
  }
  return format.format(value)
}

/** `value` as `new Intl.NumberFormat('nl-NL', options).format(value)` writes it. */
export function formatDutchNumber(value: number, options: DutchNumberOptions = {}): string {
  const { signDisplay = 'auto', minimumFractionDigits = 0 } = options
  const maximum = Math.max(options.maximumFractionDigits ?? 3, minimumFractionDigits)
  const rounded = Number.isFinite(value)
    ? roundMagnitude(Math.abs(value), maximum, minimumFractionDigits)
    : undefined
  if (!rounded) return viaIntl(value, options)
  const isNegative = value < 0 || Object.is(value, -0)
  const sign =
    signDisplay === 'exceptZero'
      ? rounded.isZero
        ? ''
        : isNegative
          ? '-'
          : '+'
      : isNegative
        ? '-'
        : ''
  const number = group(rounded.integer.replace(/^0+(?=\d)/, ''))
  return `${sign}${number}${rounded.fraction ? `${DECIMAL}${rounded.fraction}` : ''}`
}

const SYMBOLS = { EUR: '€', USD: 'US$', GBP: '£' } as const

/**
 * An amount as `Intl.NumberFormat('nl-NL', { style: 'currency', currency, minimum and
 * maximum two decimals })` writes it: the symbol, a no-break space, then the number.
 */
export function formatDutchCurrency(amount: number, currency: keyof typeof SYMBOLS): string {
  if (!Number.isFinite(amount) || String(Math.abs(amount)).includes('e')) {
    return viaIntl(amount, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
  }
  const number = formatDutchNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return `${SYMBOLS[currency]}\u00a0${number}`
}
