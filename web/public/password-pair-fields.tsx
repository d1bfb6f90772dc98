import type { ReactNode } from 'react'
import { Button } from '../components/button.tsx'
import { Field } from '../components/field.tsx'
import { readFormValues } from './form-values.ts'
import { findPasswordProblem, PASSWORD_HINT, type PasswordProblem } from './password-rules.ts'

/**
 * The new password and its confirmation, named `password` and `confirmation` so that
 * `readFormValues` and `findPasswordProblem` can check them on submit.
 */
export function PasswordPairFields() {
  return (
    <>
      <Field
        label="Wachtwoord"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={PASSWORD_HINT}
        required
      />
      <Field
        label="Bevestig wachtwoord"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
      />
    </>
  )
}

type PasswordFormProps = {
  submitLabel: string
  isBusy: boolean
  /** The form's values by name, once the password is long enough and confirmed. */
  onSubmit: (values: Record<string, string>) => void
  /** Says why the password is refused: too short, or not the same twice. */
  onPasswordProblem: (problem: PasswordProblem) => void
  /** Above the passwords: a refusal, or the form's other fields. */
  children?: ReactNode
  /** Between the passwords and the submit button. */
  note?: ReactNode
}

/** A form that sets a new password: its own fields, the password pair, then the submit. */
export function PasswordForm(props: PasswordFormProps) {
  const { submitLabel, isBusy, onSubmit, onPasswordProblem, children, note } = props
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        const values = readFormValues(event)
        const problem = findPasswordProblem(values.password ?? '', values.confirmation ?? '')
        if (problem) onPasswordProblem(problem)
        else onSubmit(values)
      }}
    >
      {children}
      <PasswordPairFields />
      {note}
      <Button type="submit" className="w-full" disabled={isBusy}>
        {isBusy ? 'Bezig...' : submitLabel}
      </Button>
    </form>
  )
}
