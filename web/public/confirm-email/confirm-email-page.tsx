import { Navigate, useParams } from 'react-router-dom'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { api } from '../../lib/api-client.ts'
import { salesPath } from '../../lib/sales-path.ts'
import { AuthLayout } from '../auth-layout.tsx'
import { DoneScreen } from '../done-screen.tsx'
import { toTokenParam, useLinkStep } from '../use-link-step.ts'

/**
 * /confirm-email/:token, and {base}/confirm-email/:token for a Gold Estates sign-in
 * (docs/behaviour.md, E-mailadres wijzigen): the link from the mail
 * to the new address. The change is made by the button, not by opening the page, as mail
 * scanners open links on their own.
 */
export function ConfirmEmailPage({ area = 'central' }: { area?: 'central' | 'sales' }) {
  const { token } = useParams()
  const { state, send } = useLinkStep<{ message: string }>(
    'Je e-mailadres kon niet worden gewijzigd.',
  )

  if (!token) return <Navigate to="/" replace />

  async function confirm() {
    const confirmApi =
      area === 'sales' ? api['gold-estates'].profile.email.confirm : api.profile.email.confirm
    await send(async () => {
      const answer = await confirmApi[':token'].$post({ param: toTokenParam(token) })
      return answer.json()
    })
  }

  if (state.step === 'done') {
    return (
      <DoneScreen
        title="E-mailadres gewijzigd"
        status={<>{state.answer.message} Je logt voortaan in met dit adres.</>}
      >
        {/* A full load: a signed-in app reads its user (and address) anew. */}
        <a
          href={area === 'sales' ? salesPath('/dashboard') : '/'}
          className="font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          {area === 'sales' ? 'Verder naar Gold Estates' : 'Verder naar Centraal'}
        </a>
      </DoneScreen>
    )
  }

  return (
    <AuthLayout
      title="Nieuw e-mailadres bevestigen"
      description="Bevestig dat je dit adres voortaan gebruikt om in te loggen."
    >
      <div className="grid gap-4">
        {state.step === 'refused' && (
          <Alert variant="destructive" title="E-mailadres niet gewijzigd">
            {state.message}
          </Alert>
        )}
        <Button className="w-full" onClick={confirm} disabled={state.step === 'submitting'}>
          {state.step === 'submitting' ? 'Bezig...' : 'Nieuw adres bevestigen'}
        </Button>
      </div>
    </AuthLayout>
  )
}
