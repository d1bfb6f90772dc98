import { format } from 'date-fns/format'
import { nl } from 'date-fns/locale/nl'
import { parseISO } from 'date-fns/parseISO'
import type { UsageSummary } from '#schema/usage'
import { BarChart } from '../../components/bar-chart.tsx'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'
import { USAGE_FIGURES } from './usage-figures.ts'
import { summariseUsage, toDailyUsage } from './usage-series.ts'

const shortDate = (date: string) => format(parseISO(date), 'd MMM', { locale: nl })

/** Totals, a bar chart per figure and the same numbers as a table, day by day. */
export function UsageDetails({ usage }: { usage: UsageSummary }) {
  const figures = summariseUsage(usage)
  const days = toDailyUsage(usage)
  const axis: [string, string] = [shortDate(usage.from), shortDate(usage.to)]
  const chart = (key: keyof typeof USAGE_FIGURES, emptyText: string) => (
    <BarChart
      title={`${USAGE_FIGURES[key].label} per dag`}
      points={days.map((day) => ({ label: formatCalendarDate(day.date), value: day[key] }))}
      formatValue={USAGE_FIGURES[key].format}
      axisLabels={axis}
      emptyText={emptyText}
    />
  )
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-3">
        <Total label={`${USAGE_FIGURES.apiCalls.label} (totaal)`}>
          {USAGE_FIGURES.apiCalls.format(figures.apiCalls)}
        </Total>
        <Total label={`${USAGE_FIGURES.costCents.label} (totaal)`}>
          {USAGE_FIGURES.costCents.format(figures.costCents)}
        </Total>
        <Total label={`${USAGE_FIGURES.dbBytes.label} (laatste meting)`}>
          {figures.dbBytes === null ? '—' : USAGE_FIGURES.dbBytes.format(figures.dbBytes)}
        </Total>
      </dl>
      {chart('apiCalls', 'Geen API-calls gemeld')}
      {chart('costCents', 'Geen kosten gemeld')}
      {chart('dbBytes', 'Geen databasegrootte gemeld')}
      <details className="group rounded-md border">
        <summary className="cursor-pointer select-none px-3 py-2 font-medium text-sm">
          Tabel per dag
        </summary>
        <div className="max-h-72 overflow-auto border-t">
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">Gebruik per dag, nieuwste eerst</caption>
            <thead className="sticky top-0 bg-card text-muted-foreground text-xs">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Datum
                </th>
                {Object.values(USAGE_FIGURES).map((figure) => (
                  <th
                    key={figure.label}
                    scope="col"
                    className="whitespace-nowrap px-3 py-2 text-right font-medium"
                  >
                    {figure.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.toReversed().map((day) => (
                <tr key={day.date} className="border-t">
                  <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-normal">
                    {shortDate(day.date)}
                  </th>
                  <td className="px-3 py-1.5 text-right">
                    {USAGE_FIGURES.apiCalls.format(day.apiCalls)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-1.5 text-right">
                    {USAGE_FIGURES.costCents.format(day.costCents)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-1.5 text-right">
                    {day.dbBytes === null ? '—' : USAGE_FIGURES.dbBytes.format(day.dbBytes)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  )
}

function Total({ label, children }: { label: string; children: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border px-3 py-2">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-lg tabular-nums">{children}</dd>
    </div>
  )
}
