import { describe, expect, test } from 'vitest'
import {
  DEFAULT_PERIOD_PRESET,
  getPeriodRange,
  PERIOD_PRESET_LABELS,
  PERIOD_PRESETS,
  type PeriodPreset,
} from '#schema/period-presets'

describe('getPeriodRange', () => {
  test.each<[PeriodPreset, string, string, string]>([
    ['last7Days', '2025-10-15', '2025-10-09', '2025-10-15'],
    ['last7Days', '2025-03-03', '2025-02-25', '2025-03-03'],
    ['last7Days', '2024-03-03', '2024-02-26', '2024-03-03'],
    ['last30Days', '2025-10-15', '2025-09-16', '2025-10-15'],
    ['last30Days', '2025-01-10', '2024-12-12', '2025-01-10'],
    ['thisMonth', '2025-10-15', '2025-10-01', '2025-10-31'],
    ['thisMonth', '2024-02-10', '2024-02-01', '2024-02-29'],
    ['thisMonth', '2025-02-28', '2025-02-01', '2025-02-28'],
    ['thisQuarter', '2025-10-15', '2025-10-01', '2025-12-31'],
    ['thisQuarter', '2025-01-01', '2025-01-01', '2025-03-31'],
    ['thisQuarter', '2025-06-30', '2025-04-01', '2025-06-30'],
    ['thisQuarter', '2025-08-05', '2025-07-01', '2025-09-30'],
    ['last6Months', '2025-10-15', '2025-04-16', '2025-10-15'],
    ['last6Months', '2025-08-31', '2025-03-01', '2025-08-31'],
    ['thisYear', '2025-10-15', '2025-01-01', '2025-12-31'],
    ['all', '2025-10-15', '2020-01-01', '2025-10-15'],
    ['all', '2031-02-03', '2020-01-01', '2031-02-03'],
  ])('%s on %s: %s to %s', (preset, today, dateFrom, dateTo) => {
    expect(getPeriodRange(preset, today)).toEqual({ dateFrom, dateTo })
  })

  test('every range includes today and starts no later than it ends', () => {
    for (const preset of PERIOD_PRESETS) {
      for (const today of ['2025-01-01', '2025-12-31', '2024-02-29', '2026-07-15']) {
        const { dateFrom, dateTo } = getPeriodRange(preset, today)
        expect(dateFrom <= today && today <= dateTo, `${preset} ${today}`).toBe(true)
        expect(dateFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(dateTo).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      }
    }
  })

  test('seven presets, each with a Dutch label; last 30 days is the default', () => {
    expect(PERIOD_PRESETS).toHaveLength(7)
    expect(DEFAULT_PERIOD_PRESET).toBe('last30Days')
    expect(PERIOD_PRESETS.map((preset) => PERIOD_PRESET_LABELS[preset])).toEqual([
      'Laatste 7 dagen',
      'Laatste 30 dagen',
      'Deze maand',
      'Dit kwartaal',
      'Laatste 6 maanden',
      'Dit jaar',
      'Alles',
    ])
  })
})
