import { describe, expect, test } from 'vitest'
import {
  formatPercentageText,
  hasPercentageDecimals,
  parsePercentage,
} from '#schema/parse-percentage'

// A percentage as a person in the Netherlands types it: the decimal comma is a decimal
// mark, never a thousands separator, and what cannot be read is refused, not guessed.

const outcome = (...args: Parameters<typeof parsePercentage>) => {
  const parsed = parsePercentage(...args)
  return parsed.ok ? parsed.value : `✗ ${parsed.problem}`
}

describe('a typed percentage', () => {
  test.each([
    ['2,5', 2.5],
    ['2.5', 2.5],
    ['2,50', 2.5],
    ['2,125', 2.125],
    ['2.125', 2.125],
    ['2,1255', 2.1255],
    ['5', 5],
    ['0', 0],
    ['100', 100],
    [' 2,5 ', 2.5],
    ['2,5%', 2.5],
    ['2,5 %', 2.5],
    [',5', 0.5],
    ['2,', 2],
    [2.5, 2.5],
  ])('%j is %d', (typed, value) => {
    expect(outcome(typed)).toBe(value)
  })

  test.each([
    ['', 'ontbreekt'],
    ['   ', 'ontbreekt'],
    ['abc', '"abc" is geen geldig percentage'],
    ['2,5a', '"2,5a" is geen geldig percentage'],
    ['2,5,0', '"2,5,0" is geen geldig percentage'],
    ['1.234,5', '"1.234,5" is geen geldig percentage'],
    ['2..5', '"2..5" is geen geldig percentage'],
    ['2 5', '"2 5" is geen geldig percentage'],
    ['e5', '"e5" is geen geldig percentage'],
    ['1e2', '"1e2" is geen geldig percentage'],
    ['2,12345', '"2,12345" heeft meer dan vier decimalen'],
    ['-2,5', '"-2,5" is negatief'],
    ['101', '"101" ligt niet tussen 0 en 100'],
    ['100,01', '"100,01" ligt niet tussen 0 en 100'],
  ])('%j is refused: %s', (typed, problem) => {
    expect(outcome(typed)).toBe(`✗ ${problem}`)
  })

  test('the field says its own range', () => {
    expect(outcome('0', { min: 0.0001, max: 100 })).toBe('✗ "0" ligt niet tussen 0,0001 en 100')
    expect(outcome('12,5', { min: 0, max: 10 })).toBe('✗ "12,5" ligt niet tussen 0 en 10')
    expect(outcome('10', { min: 0, max: 10 })).toBe(10)
  })
})

describe('a percentage shown back', () => {
  test.each([
    [2.5, '2,5'],
    [2.125, '2,125'],
    [5, '5'],
    [0, '0'],
    [33.3333, '33,3333'],
    [0.1 + 0.2, '0,3'],
  ])('%d is %j', (value, text) => {
    expect(formatPercentageText(value)).toBe(text)
  })

  test('what is shown reads back as the same value', () => {
    for (const value of [2.5, 2.125, 0.0001, 99.9999, 17]) {
      expect(outcome(formatPercentageText(value))).toBe(value)
    }
  })
})

test('at most four decimals', () => {
  expect(hasPercentageDecimals(2.1255)).toBe(true)
  expect(hasPercentageDecimals(0.1 + 0.2)).toBe(true)
  expect(hasPercentageDecimals(2.12345)).toBe(false)
})
