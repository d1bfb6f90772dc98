import { type ComponentProps, type ReactNode, useId } from 'react'
import { Input } from './input.tsx'
import { PasswordInput } from './password-input.tsx'

type FieldProps = ComponentProps<'input'> & {
  label: string
  hint?: ReactNode
  labelAside?: ReactNode
  /** Accessible names of the show/hide toggle of a password field. */
  toggleLabels?: { show: string; hide: string }
}

/** A field's label, over its input (`htmlFor` names the input). */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="font-medium text-sm leading-none">
      {children}
    </label>
  )
}

/** A labelled input; `type="password"` gets the show/hide toggle. */
export function Field({ label, hint, labelAside, toggleLabels, id, type, ...props }: FieldProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const hintId = hint ? `${inputId}-hint` : undefined
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
        {labelAside}
      </div>
      {type === 'password' ? (
        <PasswordInput
          id={inputId}
          aria-describedby={hintId}
          showLabel={toggleLabels?.show}
          hideLabel={toggleLabels?.hide}
          {...props}
        />
      ) : (
        <Input id={inputId} type={type} aria-describedby={hintId} {...props} />
      )}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  )
}

/** A record's name as its add and edit dialogs ask it: 'Naam *', required, not filled in by the browser. */
export function NameField(props: Omit<FieldProps, 'label'>) {
  return <Field label="Naam *" autoComplete="off" required {...props} />
}
