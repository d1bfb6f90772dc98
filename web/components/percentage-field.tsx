import type { ComponentProps, ReactNode } from 'react'
import { type PercentageRange, parsePercentage } from '#schema/parse-percentage'
import { Field } from './field.tsx'

type PercentageFieldProps = Omit<ComponentProps<typeof Field>, 'value' | 'onChange' | 'type'> & {
  value: string
  onChange: (value: string) => void
  /** The field's bounds (a sale's percentages: 0 to 100). */
  range?: PercentageRange
  /** Say what cannot be read under the field; a narrow row leaves it to its step's message. */
  showsProblem?: boolean
  hint?: ReactNode
}

/** What is wrong with a typed percentage, or undefined (an empty field is the form's to judge). */
export function getPercentageProblem(value: string, range?: PercentageRange) {
  if (value.trim() === '') return undefined
  const parsed = parsePercentage(value, range)
  return parsed.ok ? undefined : parsed.problem
}

/**
 * A percentage as a person types it: a text field with the decimal keyboard, read by
 * parsePercentage (schema/parse-percentage.ts). A number field would drop the Dutch
 * comma before the code sees it, so '2,5' became 25.
 */
export function PercentageField(props: PercentageFieldProps) {
  const { value, onChange, range, showsProblem = true, hint, ...rest } = props
  const problem = getPercentageProblem(value, range)
  return (
    <Field
      {...rest}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      className="aria-invalid:border-destructive"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={problem ? true : undefined}
      hint={problem && showsProblem ? <span className="text-destructive">{problem}</span> : hint}
    />
  )
}
