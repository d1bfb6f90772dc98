import { expect, test } from 'vitest'
import { summariseUsage, toDailyUsage } from '#web/central/apps/usage-series.ts'
import { formatBytes } from '#web/lib/format-bytes.ts'

test('sizes read the Dutch way in decimal units', () => {
  expect(formatBytes(0)).toBe('0\u00a0B')
  expect(formatBytes(999)).toBe('999\u00a0B')
  expect(formatBytes(1234)).toBe('1,2\u00a0kB')
  expect(formatBytes(1_234_567)).toBe('1,2\u00a0MB')
  // Rounded up to the next unit, never '1.000 kB'.
  expect(formatBytes(999_960)).toBe('1\u00a0MB')
  expect(formatBytes(5e9)).toBe('5\u00a0GB')
})

const usage = {
  from: '2026-03-28',
  to: '2026-04-02',
  days: [
    { date: '2026-03-29', metric: 'api_calls', value: 5 },
    { date: '2026-03-29', metric: 'db_bytes', value: 2_000 },
    { date: '2026-04-02', metric: 'api_calls', value: 20 },
    { date: '2026-04-02', metric: 'cost_cents', value: 1234 },
    { date: '2026-04-02', metric: 'db_bytes', value: 1_500 },
    { date: '2026-04-02', metric: 'custom_metric', value: 9 },
  ],
  totals: { api_calls: 25, cost_cents: 1234, db_bytes: 2_000, custom_metric: 9 },
  hasApiKey: true,
}

test('every day of the window, across a month and a DST change, quiet days as zero', () => {
  const days = toDailyUsage(usage)
  expect(days.map((day) => day.date)).toEqual([
    '2026-03-28',
    '2026-03-29',
    '2026-03-30',
    '2026-03-31',
    '2026-04-01',
    '2026-04-02',
  ])
  expect(days[1]).toEqual({ date: '2026-03-29', apiCalls: 5, costCents: 0, dbBytes: 2_000 })
  expect(days[2]).toEqual({ date: '2026-03-30', apiCalls: 0, costCents: 0, dbBytes: null })
  expect(days[5]).toEqual({ date: '2026-04-02', apiCalls: 20, costCents: 1234, dbBytes: 1_500 })
})

test('a card shows sums and the latest database size, not the peak', () => {
  expect(summariseUsage(usage)).toEqual({
    apiCalls: 25,
    costCents: 1234,
    dbBytes: 1_500,
    peakDbBytes: 2_000,
    hasUsage: true,
  })
  expect(summariseUsage({ ...usage, days: [], totals: {} })).toMatchObject({
    apiCalls: 0,
    dbBytes: null,
    hasUsage: false,
  })
})
