import { describe, expect, test } from 'vitest'
import { formatCalendarDate } from '#web/lib/format-calendar-date.ts'
import { formatCount, formatMoney, formatPercentage } from '#web/lib/format-money.ts'

// Intl writes a no-break space (U+00A0) between the symbol and the amount; the screens keep
// it, so an amount never wraps apart from its symbol.
const NBSP = '\u00a0'

describe('formatMoney', () => {
  test.each([
    [123_456, 'EUR', `€${NBSP}1.234,56`],
    [0, 'EUR', `€${NBSP}0,00`],
    [1, 'EUR', `€${NBSP}0,01`],
    [5, 'EUR', `€${NBSP}0,05`],
    [100, 'EUR', `€${NBSP}1,00`],
    [25_000_000, 'EUR', `€${NBSP}250.000,00`],
    [123_456_789_012, 'EUR', `€${NBSP}1.234.567.890,12`],
    [-123_456, 'EUR', `€${NBSP}-1.234,56`],
    [123_456, 'USD', `US$${NBSP}1.234,56`],
    [123_456, 'GBP', `£${NBSP}1.234,56`],
  ] as const)('%i cents in %s: %s', (cents, currency, expected) => {
    expect(formatMoney(cents, currency)).toBe(expected)
  })

  test('EUR by default, and exactly the documented text once the space is a plain one', () => {
    expect(formatMoney(123_456)).toBe(formatMoney(123_456, 'EUR'))
    expect(formatMoney(123_456).replace(NBSP, ' ')).toBe('€ 1.234,56')
  })

  test('sums of cents that are not exact in binary still show whole cents', () => {
    expect(formatMoney(10 + 20, 'EUR')).toBe(`€${NBSP}0,30`)
    expect(formatMoney(1_000_000_001, 'EUR')).toBe(`€${NBSP}10.000.000,01`)
  })
})

describe('percentages, counts and dates', () => {
  test.each([
    [5, '5%'],
    [2.5, '2,5%'],
    [33.333, '33,33%'],
    [150, '150%'],
  ])('%d → %s', (value, expected) => {
    expect(formatPercentage(value)).toBe(expected)
  })

  test('counts get Dutch thousands separators', () => {
    expect(formatCount(20_000)).toBe('20.000')
    expect(formatCount(7)).toBe('7')
  })

  test('calendar dates as dd MMM yyyy in Dutch', () => {
    expect(formatCalendarDate('2025-10-03')).toBe('03 okt. 2025')
    expect(formatCalendarDate('2025-05-31')).toBe('31 mei 2025')
    expect(formatCalendarDate('2020-01-01')).toBe('01 jan. 2020')
  })
})
