import { describe, expect, it } from 'vitest'
import {
  type DutchNumberOptions,
  formatDutchCurrency,
  formatDutchNumber,
} from '#schema/dutch-number'
import { createSeededRandom } from '../support/seeded-random.ts'

// The small formatter the first screens use instead of Intl (decision 041) must write
// exactly what Intl writes, over many values of every kind the screens show.

function values(): number[] {
  const random = createSeededRandom(41).next
  const list = [0, -0, 0.5, -0.5, 1.005, 2.675, 0.045, 999.9995, 999_999.9996, 1e-7, 1e21, 1e20]
  list.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53, -(2 ** 53))
  for (let index = 0; index < 4000; index++) {
    const scale = 10 ** Math.floor(random() * 12 - 3)
    const sign = random() < 0.3 ? -1 : 1
    list.push(sign * Math.floor(random() * 1_000_000) * scale)
    list.push(sign * random() * scale)
    // Halves at each place, where rounding decides.
    list.push((sign * (Math.floor(random() * 100_000) + 0.5)) / 10 ** Math.floor(random() * 5))
    // Cents as the money screens divide them.
    list.push((sign * Math.floor(random() * 10 ** Math.floor(random() * 13))) / 100)
  }
  return list
}

const OPTIONS: DutchNumberOptions[] = [
  {},
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
  { maximumFractionDigits: 4 },
  { maximumFractionDigits: 1, signDisplay: 'exceptZero' },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
]

describe('formatDutchNumber', () => {
  for (const options of OPTIONS) {
    it(`writes what Intl writes with ${JSON.stringify(options)}`, () => {
      const intl = new Intl.NumberFormat('nl-NL', options)
      const differing = values().filter(
        (value) => formatDutchNumber(value, options) !== intl.format(value),
      )
      expect(differing.map((value) => [value, formatDutchNumber(value, options)])).toEqual([])
    })
  }
})

describe('formatDutchCurrency', () => {
  for (const currency of ['EUR', 'USD', 'GBP'] as const) {
    it(`writes what Intl writes for ${currency}`, () => {
      const intl = new Intl.NumberFormat('nl-NL', {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
      const differing = values().filter(
        (value) => formatDutchCurrency(value, currency) !== intl.format(value),
      )
      expect(differing.map((value) => [value, formatDutchCurrency(value, currency)])).toEqual([])
    })
  }
})
