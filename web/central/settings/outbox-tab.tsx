import { Mail, Send } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import type { OutboxMail, OutboxView } from '#schema/mail'
import { Alert } from '../../components/alert.tsx'
import { Badge } from '../../components/badge.tsx'
import { BounceMarker } from '../../components/bounce-marker.tsx'
import { Button } from '../../components/button.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'
import { api } from '../../lib/api-client.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'

const timeFormat = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium', timeStyle: 'short' })

const STATUS = {
  pending: { label: 'In de wachtrij', variant: 'secondary' },
  sent: { label: 'Verstuurd', variant: 'success' },
  failed: { label: 'Mislukt', variant: 'destructive' },
  kept: { label: 'Bewaard', variant: 'outline' },
} as const

const KIND: Record<OutboxMail['kind'], string> = {
  'password-reset': 'Wachtwoord herstellen',
  test: 'Testmail',
  'address-change': 'Nieuw adres bevestigen',
  'address-change-notice': 'Adreswijziging gemeld',
  'registration-waiting': 'Registratie wacht',
  'organisation-restored': 'Backup teruggezet',
  'backup-failed': 'Backup mislukt',
  'monthly-statement': 'Maandafrekening',
  notification: 'Gold Estates-melding',
  invitation: 'Uitnodiging',
  registration: 'Registratie',
  'registration-attempt': 'Registratiepoging',
}

// Not useServerData: its copy in localStorage would keep the kept mails' links on the device.
const loadOutbox = async (): Promise<OutboxView> => (await api.admin.outbox.$get()).json()

/**
 * Instellingen → E-mail, "Uitgaande e-mail" (the platform's SUPERADMIN; docs/behaviour.md):
 * the mail server in use, its last error, a test mail, and the newest mails; without a
 * mail server the mails themselves, as this page is then how they reach their person.
 */
export function OutboxTab() {
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'ready'; data: OutboxView }
    | { status: 'failed'; error: unknown }
  >({ status: 'loading' })
  const [isSending, setIsSending] = useState(false)
  const reload = useCallback(() => {
    loadOutbox().then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => setState({ status: 'failed', error }),
    )
  }, [])
  useEffect(reload, [reload])

  async function sendTestMail() {
    setIsSending(true)
    try {
      const { message } = await (await api.admin.outbox.test.$post()).json()
      showToast({ title: 'Testmail', description: message })
      reload()
    } catch (error) {
      showToast({
        title: 'Testmail niet klaargezet',
        description: describeError(error, 'Probeer het later opnieuw.'),
        variant: 'destructive',
      })
    } finally {
      setIsSending(false)
    }
  }

  return (
    <IconCard
      Icon={Mail}
      title="Uitgaande e-mail"
      description="De e-mail die Centraal verstuurt, zoals herstellinks voor wachtwoorden."
    >
      <CardContent className="grid gap-4">
        {state.status === 'loading' && <p className="text-muted-foreground text-sm">Laden...</p>}
        {state.status === 'failed' && (
          <Alert variant="destructive" title="Uitgaande e-mail kon niet worden geladen">
            {describeError(state.error, 'Probeer het later opnieuw.')}
          </Alert>
        )}
        {state.status === 'ready' && (
          <>
            <MailServer view={state.data} />
            {state.data.lastError && (
              <Alert variant="destructive" title="Laatste afleverfout">
                {timeFormat.format(state.data.lastError.at)}: {state.data.lastError.message}
              </Alert>
            )}
            <Button variant="outline" className="w-fit" onClick={sendTestMail} disabled={isSending}>
              <Send aria-hidden />
              {isSending ? 'Bezig...' : 'Stuur een testmail'}
            </Button>
            {state.data.mails.length === 0 ? (
              <p className="text-muted-foreground text-sm">Nog geen e-mail verstuurd.</p>
            ) : (
              <ul className="grid divide-y rounded-lg border" aria-label="E-mails, nieuwste eerst">
                {state.data.mails.map((mail) => (
                  <MailRow key={mail.id} mail={mail} />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </IconCard>
  )
}

function MailServer({ view }: { view: OutboxView }) {
  if (!view.server) {
    return (
      <Alert title="Geen mailserver ingesteld">
        Zonder SMTP_URL verstuurt Centraal geen e-mail: elke e-mail wordt hieronder bewaard, zodat
        je een herstellink zelf kunt doorgeven. Een echte installatie stelt SMTP_URL en MAIL_FROM
        in.
      </Alert>
    )
  }
  const { host, port, secure, user, from } = view.server
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="text-muted-foreground">Mailserver</dt>
      <dd className="break-all font-medium">
        {host}:{port} {secure ? '(TLS)' : ''}
      </dd>
      <dt className="text-muted-foreground">Gebruiker</dt>
      <dd className="break-all">{user ?? 'geen'}</dd>
      <dt className="text-muted-foreground">Afzender</dt>
      <dd className="break-all">{from}</dd>
    </dl>
  )
}

function MailRow({ mail }: { mail: OutboxMail }) {
  const status = STATUS[mail.status]
  return (
    <li className="grid gap-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-all font-medium">{mail.to}</p>
        <div className="flex flex-wrap items-center gap-2">
          {mail.bounce && <BounceMarker reason={mail.bounce.reason} />}
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
      </div>
      <p className="text-muted-foreground text-xs">
        {KIND[mail.kind]} · {timeFormat.format(mail.createdAt)}
        {mail.attempts > 1 && ` · ${mail.attempts} pogingen`}
      </p>
      {mail.lastError && <p className="break-words text-destructive text-xs">{mail.lastError}</p>}
      {mail.html && mail.text && (
        <details className="grid gap-2">
          <summary className="cursor-pointer text-primary text-sm">Bekijk e-mail</summary>
          <iframe
            title={`E-mail aan ${mail.to}`}
            srcDoc={mail.html}
            sandbox=""
            className="mt-2 h-96 w-full rounded-md border bg-white"
          />
          <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 text-xs">
            {mail.text}
          </pre>
        </details>
      )}
    </li>
  )
}
