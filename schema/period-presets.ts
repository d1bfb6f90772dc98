import { addDays } from 'date-fns/addDays'
import { endOfMonth } from 'date-fns/endOfMonth'
import { endOfQuarter } from 'date-fns/endOfQuarter'
import { endOfYear } from 'date-fns/endOfYear'
import { format } from 'date-fns/format'
import { parseISO } from 'date-fns/parseISO'
import { startOfMonth } from 'date-fns/startOfMonth'
import { startOfQuarter } from 'date-fns/startOfQuarter'
import { startOfYear } from 'date-fns/startOfYear'
import { subDays } from 'date-fns/subDays'
import { subMonths } from 'date-fns/subMonths'

// The period filter of the commission screen (docs/behaviour.md, Constants). "Last N days" and "last 6 months"
// are windows that end today and include it (last 7 days = today and the 6 days before);
// the calendar periods run from their first to their last day; "all" starts on
// 1 January 2020 and ends today.

/** The seven periods, in the order the filter lists them. */
export const PERIOD_PRESETS = [
  'last7Days',
  'last30Days',
  'thisMonth',
  'thisQuarter',
  'last6Months',
  'thisYear',
  'all',
] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]

/** The filter's initial period. */
export const DEFAULT_PERIOD_PRESET: PeriodPreset = 'last30Days'

/** The first day "all" covers. */
export const ALL_PERIODS_FROM = '2020-01-01'

/** Labels of the period filter. */
export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  last7Days: 'Laatste 7 dagen',
  last30Days: 'Laatste 30 dagen',
  thisMonth: 'Deze maand',
  thisQuarter: 'Dit kwartaal',
  last6Months: 'Laatste 6 maanden',
  thisYear: 'Dit jaar',
  all: 'Alles',
}

/** A date range, both ends included, as 'YYYY-MM-DD'. */
export type DateRange = { dateFrom: string; dateTo: string }

const toDay = (date: Date) => format(date, 'yyyy-MM-dd')

/** The dates a preset covers, given today ('YYYY-MM-DD'). */
export function getPeriodRange(preset: PeriodPreset, today: string): DateRange {
  const day = parseISO(today)
  switch (preset) {
    case 'last7Days':
      return { dateFrom: toDay(subDays(day, 6)), dateTo: today }
    case 'last30Days':
      return { dateFrom: toDay(subDays(day, 29)), dateTo: today }
    case 'thisMonth':
      return { dateFrom: toDay(startOfMonth(day)), dateTo: toDay(endOfMonth(day)) }
    case 'thisQuarter':
      return { dateFrom: toDay(startOfQuarter(day)), dateTo: toDay(endOfQuarter(day)) }
    case 'last6Months':
      return { dateFrom: toDay(addDays(subMonths(day, 6), 1)), dateTo: today }
    case 'thisYear':
      return { dateFrom: toDay(startOfYear(day)), dateTo: toDay(endOfYear(day)) }
    case 'all':
      return { dateFrom: ALL_PERIODS_FROM, dateTo: today }
  }
}
