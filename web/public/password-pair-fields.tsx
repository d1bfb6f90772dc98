import { Field } from '../components/field.tsx'
import { PASSWORD_HINT } from './password-rules.ts'

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
