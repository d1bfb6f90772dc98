import { useState } from 'react'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { Alert } from '../../components/alert.tsx'
import { Field } from '../../components/field.tsx'
import { api } from '../../lib/api-client.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { AuthLayout } from '../auth-layout.tsx'
import { PasswordForm } from '../password-pair-fields.tsx'
import { describePasswordProblem } from '../password-rules.ts'
import { LoginInsteadNote, TextLink } from '../text-link.tsx'
import { useRedirectLater } from '../use-redirect-later.ts'
import { useRegistrationMode } from './use-registration-mode.ts'

/** docs/behaviour.md: after a successful registration, go to /login after 1 second. */
const REDIRECT_DELAY_MS = 1000

/** /register: a new account in the default organisation (docs/behaviour.md). */
export function RegisterPage() {
  const [isBusy, setIsBusy] = useState(false)
  const redirectLater = useRedirectLater()
  const mode = useRegistrationMode()

  async function register({ name = '', email = '', password = '' }: Record<string, string>) {
    setIsBusy(true)
    try {
      const response = await api.auth.register.email.$post({
        json: { name, email, password, organizationId: DEFAULT_ORGANISATION_ID },
      })
      // The server's words: the same whether the address was free or already had an account.
      const answer = await response.json()
      showToast({ title: 'Registratie ontvangen', description: answer.message })
      redirectLater('/login', REDIRECT_DELAY_MS)
    } catch (error) {
      showToast({
        title: 'Registratie mislukt',
        description: describeError(error, 'Email is mogelijk al in gebruik'),
        variant: 'destructive',
      })
      setIsBusy(false)
    }
  }

  if (mode === 'closed') {
    return (
      <AuthLayout title="Registreren" description="Maak een account aan voor Centraal.">
        <Alert title="Registreren is uitgeschakeld">
          Deze installatie neemt geen nieuwe registraties aan. Vraag een beheerder om een
          uitnodiging.
        </Alert>
        <LoginInsteadNote />
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title="Registreren" description="Maak een account aan voor Centraal.">
      {mode === 'approval' && (
        <p className="mb-4 text-muted-foreground text-sm">
          Na je registratie keurt een beheerder je account goed; daarna kun je inloggen.
        </p>
      )}
      <PasswordForm
        submitLabel="Registreren"
        isBusy={isBusy}
        onSubmit={register}
        onPasswordProblem={(problem) => showToast(describePasswordProblem(problem))}
        note={
          <p className="text-muted-foreground text-xs">
            Door te registreren ga je akkoord met de <TextLink to="/terms">voorwaarden</TextLink>.
          </p>
        }
      >
        <Field label="Naam" name="name" autoComplete="name" required />
        <Field label="Email" name="email" type="email" autoComplete="email" required />
      </PasswordForm>
      <LoginInsteadNote />
    </AuthLayout>
  )
}
