import { ChevronDown } from 'lucide-react'
import { type ComponentProps, useId } from 'react'
import { cn } from '../lib/class-names.ts'
import { FieldLabel } from './field.tsx'
import { inputClass } from './input.tsx'

type SelectFieldProps = ComponentProps<'select'> & {
  label: string
  options: readonly { value: string; label: string }[]
}

/** A labelled native select: the phone's own picker, fully accessible. */
export function SelectField({ label, options, id, className, ...props }: SelectFieldProps) {
  const generatedId = useId()
  const selectId = id ?? generatedId
  return (
    <div className="grid gap-2">
      <FieldLabel htmlFor={selectId}>{label}</FieldLabel>
      <div className="relative">
        <select
          id={selectId}
          className={cn(inputClass, 'appearance-none pr-9', className)}
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  )
}
