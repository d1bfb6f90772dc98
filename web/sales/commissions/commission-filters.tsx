import { CalendarRange } from 'lucide-react'
import {
  type DateRange,
  PERIOD_PRESET_LABELS,
  PERIOD_PRESETS,
  type PeriodPreset,
} from '#schema/period-presets'
import type { ProjectDocument, SellerDocument } from '#schema/sales'
import { SelectField } from '../../components/select-field.tsx'
import { compareNames } from '../../lib/compare-names.ts'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'

/** The commission screen's filters; 'all' means no filter (docs/behaviour.md). */
export type CommissionFilterValues = {
  period: PeriodPreset
  sellerId: string
  projectId: string
  projectLabel: string
}

export const ALL = 'all'

type CommissionFiltersProps = {
  values: CommissionFilterValues
  range: DateRange
  sellers: readonly SellerDocument[]
  projects: readonly ProjectDocument[]
  onChange: (values: CommissionFilterValues) => void
}

/** Period, seller, project and label, with the chosen dates as a caption. */
export function CommissionFilters(props: CommissionFiltersProps) {
  const { values, range, sellers, projects, onChange } = props
  const labels = [...new Set(projects.map((project) => project.label).filter(Boolean))] as string[]
  const set = (patch: Partial<CommissionFilterValues>) => onChange({ ...values, ...patch })
  return (
    <section aria-label="Filters" className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Periode"
          value={values.period}
          options={PERIOD_PRESETS.map((preset) => ({
            value: preset,
            label: PERIOD_PRESET_LABELS[preset],
          }))}
          onChange={(event) => set({ period: event.target.value as PeriodPreset })}
        />
        <SelectField
          label="Verkoper"
          value={values.sellerId}
          options={[
            { value: ALL, label: 'Alle verkopers' },
            ...sellers.map((seller) => ({ value: seller.id, label: seller.name })),
          ]}
          onChange={(event) => set({ sellerId: event.target.value })}
        />
        <SelectField
          label="Project"
          value={values.projectId}
          options={[
            { value: ALL, label: 'Alle projecten' },
            ...projects.map((project) => ({ value: project.id, label: project.name })),
          ]}
          onChange={(event) => set({ projectId: event.target.value })}
        />
        <SelectField
          label="Label"
          value={values.projectLabel}
          options={[
            { value: ALL, label: 'Alle labels' },
            ...labels.sort(compareNames).map((label) => ({ value: label, label })),
          ]}
          onChange={(event) => set({ projectLabel: event.target.value })}
        />
      </div>
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <CalendarRange aria-hidden className="size-4 shrink-0" />
        <span>
          <time dateTime={range.dateFrom}>{formatCalendarDate(range.dateFrom)}</time>
          {' – '}
          <time dateTime={range.dateTo}>{formatCalendarDate(range.dateTo)}</time>
        </span>
      </p>
    </section>
  )
}
