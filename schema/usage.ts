import { addDays } from 'date-fns/addDays'
import { format } from 'date-fns/format'
import { DateOnlySchema } from './sales.ts'
import { z } from './zod.ts'

/** Gauges keep the day's highest value; every other metric adds up. */
export const GAUGE_METRICS: ReadonlySet<string> = new Set(['db_bytes'])

/** How many distinct metric names one app may report: its usage answer lists each. */
export const MAX_METRICS_PER_APP = 100

/** The refusal of a metric name past MAX_METRICS_PER_APP. */
export function describeTooManyMetrics(metric: string): string {
  return `Deze app heeft al ${MAX_METRICS_PER_APP} verschillende metrieken; ${metric} wordt niet geteld. Rapporteer onder een bestaande naam.`
}

/** POST /api/usage (Authorization: Bearer <app API key>). */
export const UsageReportSchema = z.object({
  metric: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_.-]{0,63}$/, { message: 'Metriek: kleine letters, cijfers, _ . of -' }),
  value: z.number().finite().min(0, { message: 'Waarde mag niet negatief zijn' }).max(1e15),
  date: DateOnlySchema.optional(),
})

/**
 * The last day a usage report may carry and a window counts: the server's tomorrow, so an
 * app in a time zone ahead of the server may report its own today.
 */
export function findLatestUsageDate(now: number): string {
  return format(addDays(now, 1), 'yyyy-MM-dd')
}

/**
 * Why a report's date is refused when it lies more than a day after the server's today
 * (`now`); undefined when it may be counted. A report from the future would be counted in
 * every window that reaches that day; the day of room lets an app in a time zone ahead of
 * the server report its own today.
 */
export function findUsageDateProblem(date: string | undefined, now: number): string | undefined {
  if (date === undefined || date <= findLatestUsageDate(now)) return undefined
  return `Datum ${date} ligt meer dan een dag in de toekomst`
}

/** GET /api/app-connections/:id/usage?days=. */
export const UsageQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
})

/** One day of one metric. */
export type UsagePoint = { date: string; metric: string; value: number }

/** Usage of an app connection over a window: per day, and totals per metric. */
export type UsageSummary = {
  from: string
  to: string
  days: UsagePoint[]
  totals: Record<string, number>
  /** Whether the app has an API key, so a new one retires it (the key itself is never sent). */
  hasApiKey: boolean
}
