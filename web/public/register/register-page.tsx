import { type FormEvent, useState } from 'react'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { api } from '../../lib/api-client.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { AuthLayout } from '../auth-layout.tsx'
import { readFormValues } from '../form-values.ts'
import { PasswordPairFields } from '../password-pair-fields.tsx'
import { findPasswordProblem, PASSWORD_TOO_SHORT_TEXT } from '../password-rules.ts'
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

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { name = '', email = '', password = '', confirmation = '' } = readFormValues(event)
    const problem = findPasswordProblem(password, confirmation)
    if (problem === 'too-short') {
      showToast({
        title: 'Wachtwoord te kort',
        description: PASSWORD_TOO_SHORT_TEXT,
        variant: 'destructive',
      })
      return
    }
    if (problem === 'mismatch') {
      showToast({
        title: 'Wachtwoorden komen niet overeen',
        description: 'Controleer je wachtwoord',
        variant: 'destructive',
      })
      return
    }
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
      <form className="grid gap-4" onSubmit={handleSubmit}>
        <Field label="Naam" name="name" autoComplete="name" required />
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <PasswordPairFields />
        <p className="text-muted-foreground text-xs">
          Door te registreren ga je akkoord met de <TextLink to="/terms">voorwaarden</TextLink>.
        </p>
        <Button type="submit" className="w-full" disabled={isBusy}>
          {isBusy ? 'Bezig...' : 'Registreren'}
        </Button>
      </form>
      <LoginInsteadNote />
    </AuthLayout>
  )
}
