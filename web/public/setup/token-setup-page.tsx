import { useState } from 'react'
import { Navigate, useParams } from 'react-router-dom'
import { api } from '../../lib/api-client.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { AuthLayout } from '../auth-layout.tsx'
import { DoneScreen } from '../done-screen.tsx'
import { PasswordForm } from '../password-pair-fields.tsx'
import { describePasswordProblem } from '../password-rules.ts'
import { TextLink } from '../text-link.tsx'
import { toTokenParam } from '../use-link-step.ts'
import { useRedirectLater } from '../use-redirect-later.ts'
import { describeSetupDone } from './setup-greeting.ts'

/** Constants (docs/behaviour.md): after setup, go to the login (the server's loginPath) after 2000 ms. */
const REDIRECT_DELAY_MS = 2000

/** /setup/:token: the invited user chooses a password (docs/behaviour.md). */
export function TokenSetupPage() {
  const { token } = useParams()
  const [step, setStep] = useState<'form' | 'submitting' | 'done'>('form')
  // A sales sign-in's link answers with the sales login ({base}/login) instead.
  const [loginPath, setLoginPath] = useState('/login')
  const redirectLater = useRedirectLater()

  if (!token) return <Navigate to="/" replace />

  async function setPassword({ password = '' }: Record<string, string>) {
    setStep('submitting')
    try {
      const param = toTokenParam(token)
      const response = await api.auth.setup[':token'].$post({ param, json: { password } })
      const answer = await response.json()
      const nextPath = answer.loginPath
      setLoginPath(nextPath)
      setStep('done')
      showToast({ title: 'Setup voltooid!', description: describeSetupDone(answer) })
      redirectLater(nextPath, REDIRECT_DELAY_MS)
    } catch (error) {
      setStep('form')
      showToast({
        title: 'Setup mislukt',
        description: describeError(error, 'Ongeldige of verlopen token'),
        variant: 'destructive',
      })
    }
  }

  if (step === 'done') {
    return (
      <DoneScreen
        title="Setup voltooid!"
        status="Je account is klaar. Je wordt doorgestuurd naar de inlogpagina..."
      >
        <TextLink to={loginPath}>Nu inloggen</TextLink>
      </DoneScreen>
    )
  }

  return (
    <AuthLayout
      title="Account instellen"
      description="Kies een wachtwoord om je account te activeren. Gebruik bij voorkeur letters, cijfers en symbolen."
    >
      <PasswordForm
        submitLabel="Wachtwoord instellen"
        isBusy={step === 'submitting'}
        onSubmit={setPassword}
        onPasswordProblem={(problem) => showToast(describePasswordProblem(problem))}
      />
      <p className="mt-6 text-center text-muted-foreground text-sm">
        Al ingesteld? <TextLink to="/login">Log hier in</TextLink>
      </p>
    </AuthLayout>
  )
}
