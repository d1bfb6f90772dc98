import { MailCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { api } from '../../lib/api-client.ts'
import { salesPath } from '../../lib/sales-path.ts'
import { describeError } from '../../lib/server-message.ts'
import { AuthLayout } from '../auth-layout.tsx'
import { readFormValues } from '../form-values.ts'
import { TextLink } from '../text-link.tsx'

const ask = {
  central: (email: string) => api.auth['forgot-password'].$post({ json: { email } }),
  sales: (email: string) => api['gold-estates'].auth['forgot-password'].$post({ json: { email } }),
}

/**
 * /forgot-password and {base}/forgot-password (docs/behaviour.md, Wachtwoord vergeten):
 * an address, then the server's one answer whether or not it has an account.
 */
export function ForgotPasswordPage({ area = 'central' }: { area?: 'central' | 'sales' }) {
  const [state, setState] = useState<
    | { step: 'form' | 'sending' }
    | { step: 'sent'; message: string }
    | { step: 'failed'; message: string }
  >({ step: 'form' })
  const loginPath = area === 'sales' ? salesPath('/login') : '/login'

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { email = '' } = readFormValues(event)
    setState({ step: 'sending' })
    try {
      const { message } = await (await ask[area](email)).json()
      setState({ step: 'sent', message })
    } catch (error) {
      setState({ step: 'failed', message: describeError(error, 'Probeer het later opnieuw.') })
    }
  }

  return (
    <AuthLayout
      title="Wachtwoord vergeten"
      description="Vul je e-mailadres in. Je ontvangt een link om een nieuw wachtwoord te kiezen."
    >
      {state.step === 'sent' ? (
        <div className="grid justify-items-center gap-4 text-center">
          <MailCheck aria-hidden className="size-12 text-primary" />
          <p role="status">{state.message}</p>
          <p className="text-muted-foreground text-sm">
            Geen e-mail ontvangen? Kijk in je map met ongewenste e-mail, of vraag een beheerder van
            je organisatie om een nieuwe setup-link.
          </p>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={handleSubmit}>
          {state.step === 'failed' && (
            <Alert variant="destructive" title="Aanvraag niet verstuurd">
              {state.message}
            </Alert>
          )}
          <Field
            label="E-mailadres"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="naam@voorbeeld.nl"
            required
          />
          <Button type="submit" className="w-full" disabled={state.step === 'sending'}>
            {state.step === 'sending' ? 'Bezig...' : 'Stuur herstellink'}
          </Button>
          {area === 'central' && (
            <p className="text-muted-foreground text-sm">
              Log je in met SSO? Dan beheer je je wachtwoord bij de dienst waarmee je inlogt.
            </p>
          )}
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <TextLink to={loginPath}>Terug naar inloggen</TextLink>
      </p>
    </AuthLayout>
  )
}
