import { type FormEvent, useState } from 'react'
import { Navigate, useParams } from 'react-router-dom'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { api } from '../../lib/api-client.ts'
import { salesPath } from '../../lib/sales-path.ts'
import { describeError } from '../../lib/server-message.ts'
import { AuthLayout } from '../auth-layout.tsx'
import { DoneScreen } from '../done-screen.tsx'
import { readFormValues } from '../form-values.ts'
import { PasswordPairFields } from '../password-pair-fields.tsx'
import { findPasswordProblem, PASSWORD_TOO_SHORT_TEXT } from '../password-rules.ts'
import { TextLink } from '../text-link.tsx'
import { useRedirectLater } from '../use-redirect-later.ts'

/** After the new password is set, on to the login (the server's loginPath) after 2000 ms. */
const REDIRECT_DELAY_MS = 2000

/**
 * /reset-password/:token and {base}/reset-password/:token (docs/behaviour.md, Wachtwoord
 * vergeten): the link from the reset mail, where the person chooses a new password.
 */
export function ResetPasswordPage({ area = 'central' }: { area?: 'central' | 'sales' }) {
  const { token } = useParams()
  const [state, setState] = useState<
    | { step: 'form' | 'submitting' }
    | { step: 'done'; loginPath: string }
    | { step: 'refused'; message: string }
  >({ step: 'form' })
  const redirectLater = useRedirectLater()
  const forgotPath = area === 'sales' ? salesPath('/forgot-password') : '/forgot-password'

  if (!token) return <Navigate to="/" replace />

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { password = '', confirmation = '' } = readFormValues(event)
    const problem = findPasswordProblem(password, confirmation)
    if (problem) {
      setState({
        step: 'refused',
        message:
          problem === 'too-short' ? PASSWORD_TOO_SHORT_TEXT : 'De wachtwoorden komen niet overeen.',
      })
      return
    }
    setState({ step: 'submitting' })
    try {
      // hc puts the parameter in the path as it is.
      const param = { token: encodeURIComponent(token ?? '') }
      const answer = await api.auth['reset-password'][':token'].$post({ param, json: { password } })
      const { loginPath } = await answer.json()
      setState({ step: 'done', loginPath })
      redirectLater(loginPath, REDIRECT_DELAY_MS)
    } catch (error) {
      setState({
        step: 'refused',
        message: describeError(error, 'Je wachtwoord kon niet worden gewijzigd.'),
      })
    }
  }

  if (state.step === 'done') {
    return (
      <DoneScreen
        title="Wachtwoord gewijzigd"
        status="Je nieuwe wachtwoord is ingesteld en je bent op je andere apparaten afgemeld. Je wordt doorgestuurd naar de inlogpagina..."
      >
        <TextLink to={state.loginPath}>Nu inloggen</TextLink>
      </DoneScreen>
    )
  }

  return (
    <AuthLayout
      title="Nieuw wachtwoord kiezen"
      description="Kies een nieuw wachtwoord voor je account."
    >
      <form className="grid gap-4" onSubmit={handleSubmit}>
        {state.step === 'refused' && (
          <Alert variant="destructive" title="Wachtwoord niet gewijzigd">
            {state.message}
          </Alert>
        )}
        <PasswordPairFields />
        <Button type="submit" className="w-full" disabled={state.step === 'submitting'}>
          {state.step === 'submitting' ? 'Bezig...' : 'Wachtwoord wijzigen'}
        </Button>
      </form>
      <p className="mt-6 text-center text-muted-foreground text-sm">
        Werkt de link niet meer? <TextLink to={forgotPath}>Vraag een nieuwe aan</TextLink>
      </p>
    </AuthLayout>
  )
}
