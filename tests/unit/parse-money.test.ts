import { describe, expect, test } from 'vitest'
import { parseMoneyToCents } from '#schema/parse-money'
import { toMoneyInput } from '#web/sales/sale-detail/money-input.ts'
import { parseAmount } from '#web/sales/wizard/sale-form.ts'

// One reading of money for the sales import, the wizard's price and costs and the payment
// dialog: every format one of them accepted before they shared it.

const outcome = (cell: Parameters<typeof parseMoneyToCents>[0]) => {
  const parsed = parseMoneyToCents(cell)
  return parsed.ok ? parsed.value : `✗ ${parsed.problem}`
}

describe('money to cents', () => {
  test.each([
    // Dutch, as typed on a phone and in a Dutch sheet.
    ['€ 1.234,56', 123_456],
    ['1.234,56', 123_456],
    ['€ 1.250,07', 125_007],
    ['1500,5', 150_050],
    ['1234,5', 123_450],
    ['0,99', 99],
    ['1.234', 123_400],
    ['1.000', 100_000],
    ['€ 345.000', 34_500_000],
    ['€ 1.234.567,89', 123_456_789],
    ['€ 1.234,-', 123_400],
    ['1 234,56', 123_456],
    ['€\u00a0275.000,00', 27_500_000],
    // International, and what a number field gives.
    ['1234.56', 123_456],
    ['1500.50', 150_050],
    ['1250.5', 125_050],
    ['1,234.56', 123_456],
    ['1,250.50', 125_050],
    ['1,234,567.89', 123_456_789],
    ['345,000', 34_500_000],
    ['€1234', 123_400],
    ['EUR 500', 50_000],
    ['$1,500.25', 150_025],
    ['2500', 250_000],
    ['452500', 45_250_000],
    ['0', 0],
    // A spreadsheet's number cell, rounded half up to cents.
    [1234.56, 123_456],
    [1.005, 101],
    [350000, 35_000_000],
  ])('%j is %d cents', (cell, cents) => {
    expect(outcome(cell)).toBe(cents)
  })

  test.each([
    ['', 'ontbreekt'],
    ['   ', 'ontbreekt'],
    ['abc', '"abc" is geen geldig bedrag'],
    ['-100', '"-100" is negatief'],
    ['-5', '"-5" is negatief'],
    ['1234.567', '"1234.567" heeft meer dan twee decimalen'],
    ['0,123', '"0,123" heeft meer dan twee decimalen'],
    ['0,001', '"0,001" heeft meer dan twee decimalen'],
    ['1.23.4', '"1.23.4" is geen geldig bedrag'],
    ['1.5.0', '"1.5.0" is geen geldig bedrag'],
    ['1,234,56', '"1,234,56" is geen geldig bedrag'],
    ['12 euro 50', '"12 euro 50" is geen geldig bedrag'],
    ['1e3', '"1e3" is geen geldig bedrag'],
    ['999999999999999', '"999999999999999" is te groot'],
  ])('%j is refused: %s', (cell, problem) => {
    expect(outcome(cell)).toBe(`✗ ${problem}`)
  })
})

describe('the screens read their fields with it', () => {
  test('the wizard reads price and costs as the payment dialog and the import do', () => {
    expect(parseAmount('€ 1.234,56')).toBe(123_456)
    expect(parseAmount('1.234')).toBe(123_400)
    expect(parseAmount('')).toBeUndefined()
    expect(parseAmount('-5')).toBeUndefined()
  })

  test('what the payment dialog starts with is read back as the same cents', () => {
    for (const cents of [0, 7, 125_050, 414_635, 45_250_000]) {
      expect(parseMoneyToCents(toMoneyInput(cents))).toEqual({ ok: true, value: cents })
    }
  })
})
