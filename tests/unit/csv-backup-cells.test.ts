import { expect, test } from 'vitest'
import { toCsvValue } from '#server/services/backup/create-backup-file'

test.each([
  ['=HYPERLINK("http://evil.example","klik")', `"'=HYPERLINK(""http://evil.example"",""klik"")"`],
  ['+31 6 1234', `"'+31 6 1234"`],
  ['-2+3', `"'-2+3"`],
  ['@SUM(A1)', `"'@SUM(A1)"`],
  ['\t=1', `"'\t=1"`],
  ['\r=1', `"'\r=1"`],
])('a text cell %j is neutralised', (value, expected) => {
  expect(toCsvValue(value)).toBe(expected)
})

test('every text is quoted; numbers are written as they are', () => {
  expect(toCsvValue('Jan de Vries')).toBe('"Jan de Vries"')
  expect(toCsvValue(-1250)).toBe('-1250')
  expect(toCsvValue('a, b')).toBe('"a, b"')
  expect(toCsvValue(null)).toBe('')
})
