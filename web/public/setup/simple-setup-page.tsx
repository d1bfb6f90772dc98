import { useState } from 'react'
import { Field } from '../../components/field.tsx'
import { api } from '../../lib/api-client.ts'
import { describeError, getServerMessage } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { AuthLayout } from '../auth-layout.tsx'
import { PasswordForm } from '../password-pair-fields.tsx'
import { PASSWORD_TOO_SHORT_TEXT, type PasswordProblem } from '../password-rules.ts'
import { LoginInsteadNote } from '../text-link.tsx'
import { useRedirectLater } from '../use-redirect-later.ts'

const DEFAULT_ADMIN = { name: 'Administrator', email: 'admin@centraal.local' }
/** docs/behaviour.md: when the account already exists, go to /login after 2 seconds. */
const EXISTS_REDIRECT_DELAY_MS = 2000

/** /setup: creates the first SUPERADMIN and signs them in (docs/behaviour.md). */
export function SimpleSetupPage() {
  const [isBusy, setIsBusy] = useState(false)
  const redirectLater = useRedirectLater()

  function refusePassword(problem: PasswordProblem) {
    const description =
      problem === 'too-short' ? PASSWORD_TOO_SHORT_TEXT : 'Wachtwoorden komen niet overeen'
    showToast({ title: 'Fout', description, variant: 'destructive' })
  }

  async function createAdmin({ name = '', email = '', password = '' }: Record<string, string>) {
    setIsBusy(true)
    try {
      await api.auth['simple-setup'].$post({ json: { email, password, name } })
      showToast({ title: 'Setup Voltooid!', description: 'Je bent nu ingelogd als SUPERADMIN' })
      // A full load, so the app starts again with the new session cookie.
      window.location.href = '/'
    } catch (error) {
      setIsBusy(false)
      if (getServerMessage(error)?.includes('already exists')) {
        showToast({
          title: 'Email Bestaat Al',
          description: 'Dit email heeft al een account. Ga naar Login pagina.',
          variant: 'destructive',
        })
        redirectLater('/login', EXISTS_REDIRECT_DELAY_MS)
        return
      }
      showToast({
        title: 'Setup Mislukt',
        description: describeError(error, 'Er is iets misgegaan'),
        variant: 'destructive',
      })
    }
  }

  return (
    <AuthLayout
      title="Centraal instellen"
      description="Maak het eerste beheerdersaccount aan. Dit account krijgt de rol SUPERADMIN."
    >
      <PasswordForm
        submitLabel="Account aanmaken"
        isBusy={isBusy}
        onSubmit={createAdmin}
        onPasswordProblem={refusePassword}
      >
        <Field
          label="Naam"
          name="name"
          autoComplete="name"
          defaultValue={DEFAULT_ADMIN.name}
          required
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={DEFAULT_ADMIN.email}
          required
        />
      </PasswordForm>
      <LoginInsteadNote />
    </AuthLayout>
  )
}
