import { addDays } from 'date-fns/addDays'
import { format } from 'date-fns/format'
import { parseISO } from 'date-fns/parseISO'
import type { UsageSummary } from '#schema/usage'

/** One day of the three figures the Apps screen shows; null: no database size reported. */
export type DailyUsage = {
  date: string
  apiCalls: number
  costCents: number
  dbBytes: number | null
}

/** The summary's window day by day, from `from` to `to`, with zeros for quiet days. */
export function toDailyUsage(usage: UsageSummary): DailyUsage[] {
  const byDate = new Map<string, DailyUsage>()
  // The server's dates, not the browser's clock: both ends of the window are its own.
  for (
    let day = parseISO(usage.from);
    format(day, 'yyyy-MM-dd') <= usage.to;
    day = addDays(day, 1)
  ) {
    const date = format(day, 'yyyy-MM-dd')
    byDate.set(date, { date, apiCalls: 0, costCents: 0, dbBytes: null })
  }
  for (const point of usage.days) {
    const day = byDate.get(point.date)
    if (!day) continue
    if (point.metric === 'api_calls') day.apiCalls = point.value
    else if (point.metric === 'cost_cents') day.costCents = point.value
    else if (point.metric === 'db_bytes') day.dbBytes = point.value
  }
  return [...byDate.values()]
}

/** The figures of a card: sums over the window, and the most recent database size. */
export function summariseUsage(usage: UsageSummary) {
  const sizes = usage.days.filter((point) => point.metric === 'db_bytes')
  return {
    apiCalls: usage.totals.api_calls ?? 0,
    costCents: usage.totals.cost_cents ?? 0,
    dbBytes: sizes.at(-1)?.value ?? null,
    peakDbBytes: usage.totals.db_bytes ?? null,
    hasUsage: usage.days.length > 0,
  }
}
