import { Badge } from '../../components/badge.tsx'
import { Field } from '../../components/field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { formatDay } from './plan-text.ts'
import { ErrorHint } from './role-fields.tsx'

// What a seller's placements and a project's rates share: rows that hold from a date, the
// newest first, and a form that picks a plan from a date. Decision 039: never rewritten.

type Dated = { from: string }

/** Newest first, and the one in force on `today` (none before the first's date). */
export function orderDated<Item extends Dated>(items: readonly Item[], today: string) {
  const history = [...items].sort((a, b) => (a.from < b.from ? 1 : -1))
  return { history, current: history.find((item) => item.from <= today) }
}

/**
 * What "Vanaf" starts with: today, or empty when the latest row holds from today or later
 * (a new one must start after it, which the person picks).
 */
export function proposeFrom(latest: Dated | undefined, today: string): string {
  return latest && latest.from >= today ? '' : today
}

/** The rows as a list: what each says, since when, "Huidig" and "Gepland". */
export function DatedHistory<Item extends Dated>(props: {
  label: string
  history: readonly Item[]
  current: Item | undefined
  today: string
  describe: (item: Item) => string
}) {
  return (
    <ol aria-label={props.label} className="grid gap-2">
      {props.history.map((item) => (
        <li
          key={item.from}
          className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm"
        >
          <span className="font-medium">{props.describe(item)}</span>
          <span className="text-muted-foreground">{`vanaf ${formatDay(item.from)}`}</span>
          {item === props.current && <Badge>Huidig</Badge>}
          {item.from > props.today && <Badge variant="outline">Gepland</Badge>}
        </li>
      ))}
    </ol>
  )
}

/** "Plan": a choice of the plans, with the field's error under it. */
export function PlanSelect(props: {
  value: string
  onChange: (planId: string) => void
  plans: readonly { id: string; name: string }[]
  /** The first option, with the empty value ("Kies een plan", "Geen plan"). */
  emptyLabel: string
  error: string | undefined
}) {
  return (
    <div className="grid content-start gap-2">
      <SelectField
        label="Plan"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={!!props.error}
        options={[
          { value: '', label: props.emptyLabel },
          ...props.plans.map((plan) => ({ value: plan.id, label: plan.name })),
        ]}
      />
      {props.error && (
        <p className="text-xs">
          <ErrorHint message={props.error} />
        </p>
      )}
    </div>
  )
}

/** "Vanaf": the date a new row holds from, with the field's error under it. */
export function FromField(props: {
  value: string
  onChange: (from: string) => void
  error: string | undefined
}) {
  return (
    <Field
      label="Vanaf"
      type="date"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      aria-invalid={!!props.error}
      hint={<ErrorHint message={props.error} />}
    />
  )
}
