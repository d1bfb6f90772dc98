import { AtSign } from 'lucide-react'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { describePendingChange, type EmailChangeView } from '#schema/mail'
import { api } from '../lib/api-client.ts'
import { describeError } from '../lib/server-message.ts'
import { useOnlineStatus } from '../lib/use-online-status.ts'
import { readFormValues } from '../public/form-values.ts'
import { Alert } from './alert.tsx'
import { Button } from './button.tsx'
import { CardContent, IconCard } from './card.tsx'
import { Field } from './field.tsx'

type View = EmailChangeView & { changeable?: boolean }

/** The own-address calls of each area: Centraal's account, or a Gold Estates sign-in. */
const SOURCES = {
  central: {
    load: async (): Promise<View> => (await api.profile.email.$get()).json(),
    ask: (json: { email: string; currentPassword: string }) => api.profile.email.$post({ json }),
    passwordHint: 'Ter bevestiging dat jij het bent. Inloggen via SSO? Laat dit dan leeg.',
  },
  sales: {
    load: async (): Promise<View> => (await api['gold-estates'].profile.email.$get()).json(),
    ask: (json: { email: string; currentPassword: string }) =>
      api['gold-estates'].profile.email.$post({ json }),
    passwordHint: 'Ter bevestiging dat jij het bent.',
  },
}

/**
 * Instellingen → Algemeen (Centraal) or Gold Estates' Instellingen, "E-mailadres"
 * (docs/behaviour.md, E-mailadres wijzigen): the address in use, a change waiting for its
 * link, and the form asking for one. Online only: the change mails two people and needs
 * the current password now. A Gold Estates sign-in LAUNCH APP opened is told to change it
 * in Centraal.
 */
export function EmailAddressCard({ area = 'central' }: { area?: keyof typeof SOURCES }) {
  const source = SOURCES[area]
  const isOnline = useOnlineStatus()
  const [view, setView] = useState<View | null>(null)
  const [state, setState] = useState<
    { step: 'form' | 'submitting' } | { step: 'refused'; message: string }
  >({ step: 'form' })

  const load = useCallback(async () => {
    try {
      setView(await source.load())
    } catch {
      // Offline: the card says so below; the address is in the header's menu meanwhile.
    }
  }, [source])
  useEffect(() => {
    if (isOnline) void load()
  }, [isOnline, load])

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const { email = '', currentPassword = '' } = readFormValues(event)
    setState({ step: 'submitting' })
    try {
      const answer = await source.ask({ email, currentPassword })
      const { pending } = await answer.json()
      setView((current) => current && { ...current, pending })
      form.reset()
      setState({ step: 'form' })
    } catch (error) {
      setState({
        step: 'refused',
        message: describeError(error, 'Je e-mailadres kon niet worden gewijzigd.'),
      })
    }
  }

  return (
    <IconCard Icon={AtSign} title="E-mailadres" description="Waarmee je inlogt en e-mail ontvangt.">
      <CardContent className="grid gap-4">
        {view && (
          <p className="text-sm">
            Huidig adres: <span className="break-all font-medium">{view.email}</span>
          </p>
        )}
        {view?.pending && (
          <Alert title="Wacht op bevestiging">{describePendingChange(view.pending.email)}</Alert>
        )}
        {!isOnline && (
          <p className="text-muted-foreground text-sm">
            Je e-mailadres wijzigen kan alleen met verbinding.
          </p>
        )}
        {state.step === 'refused' && (
          <Alert variant="destructive" title="E-mailadres niet gewijzigd">
            {state.message}
          </Alert>
        )}
        {view?.changeable === false ? (
          <p className="text-muted-foreground text-sm">
            Je logt in via Centraal: wijzig je e-mailadres in Centraal onder Instellingen.
          </p>
        ) : (
          <form className="grid gap-4" onSubmit={handleSubmit}>
            <Field
              label="Nieuw e-mailadres"
              name="email"
              type="email"
              autoComplete="email"
              required
            />
            <Field
              label="Huidig wachtwoord"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              hint={source.passwordHint}
            />
            <Button
              type="submit"
              variant="outline"
              className="w-fit"
              disabled={!isOnline || state.step === 'submitting'}
            >
              {state.step === 'submitting' ? 'Bezig...' : 'Wijzig e-mailadres'}
            </Button>
          </form>
        )}
      </CardContent>
    </IconCard>
  )
}
