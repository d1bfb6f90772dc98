import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from '../lib/class-names.ts'
import { FieldLabel } from './field.tsx'
import { inputClass } from './input.tsx'

type TextareaFieldProps = ComponentProps<'textarea'> & { label: string; hint?: ReactNode }

/** A labelled multi-line text input. */
export function TextareaField({ label, hint, id, className, ...props }: TextareaFieldProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const hintId = hint ? `${inputId}-hint` : undefined
  return (
    <div className="grid gap-2">
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <textarea
        id={inputId}
        aria-describedby={hintId}
        className={cn(inputClass, 'h-auto min-h-20 py-2', className)}
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  )
}
