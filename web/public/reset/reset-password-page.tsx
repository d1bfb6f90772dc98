import { Navigate, useParams } from 'react-router-dom'
import { Alert } from '../../components/alert.tsx'
import { api } from '../../lib/api-client.ts'
import { salesPath } from '../../lib/sales-path.ts'
import { AuthLayout } from '../auth-layout.tsx'
import { DoneScreen } from '../done-screen.tsx'
import { PasswordForm } from '../password-pair-fields.tsx'
import { PASSWORD_TOO_SHORT_TEXT, type PasswordProblem } from '../password-rules.ts'
import { TextLink } from '../text-link.tsx'
import { toTokenParam, useLinkStep } from '../use-link-step.ts'
import { useRedirectLater } from '../use-redirect-later.ts'

/** After the new password is set, on to the login (the server's loginPath) after 2000 ms. */
const REDIRECT_DELAY_MS = 2000

/**
 * /reset-password/:token and {base}/reset-password/:token (docs/behaviour.md, Wachtwoord
 * vergeten): the link from the reset mail, where the person chooses a new password.
 */
export function ResetPasswordPage({ area = 'central' }: { area?: 'central' | 'sales' }) {
  const { token } = useParams()
  const { state, send, refuse } = useLinkStep<{ loginPath: string }>(
    'Je wachtwoord kon niet worden gewijzigd.',
  )
  const redirectLater = useRedirectLater()
  const forgotPath = area === 'sales' ? salesPath('/forgot-password') : '/forgot-password'

  if (!token) return <Navigate to="/" replace />

  function refusePassword(problem: PasswordProblem) {
    refuse(
      problem === 'too-short' ? PASSWORD_TOO_SHORT_TEXT : 'De wachtwoorden komen niet overeen.',
    )
  }

  async function setPassword({ password = '' }: Record<string, string>) {
    const done = await send(async () => {
      const param = toTokenParam(token)
      const answer = await api.auth['reset-password'][':token'].$post({ param, json: { password } })
      return answer.json()
    })
    if (done) redirectLater(done.loginPath, REDIRECT_DELAY_MS)
  }

  if (state.step === 'done') {
    return (
      <DoneScreen
        title="Wachtwoord gewijzigd"
        status="Je nieuwe wachtwoord is ingesteld en je bent op je andere apparaten afgemeld. Je wordt doorgestuurd naar de inlogpagina..."
      >
        <TextLink to={state.answer.loginPath}>Nu inloggen</TextLink>
      </DoneScreen>
    )
  }

  return (
    <AuthLayout
      title="Nieuw wachtwoord kiezen"
      description="Kies een nieuw wachtwoord voor je account."
    >
      <PasswordForm
        submitLabel="Wachtwoord wijzigen"
        isBusy={state.step === 'submitting'}
        onSubmit={setPassword}
        onPasswordProblem={refusePassword}
      >
        {state.step === 'refused' && (
          <Alert variant="destructive" title="Wachtwoord niet gewijzigd">
            {state.message}
          </Alert>
        )}
      </PasswordForm>
      <p className="mt-6 text-center text-muted-foreground text-sm">
        Werkt de link niet meer? <TextLink to={forgotPath}>Vraag een nieuwe aan</TextLink>
      </p>
    </AuthLayout>
  )
}
