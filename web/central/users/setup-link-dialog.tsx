import { CloudOff, LoaderCircle, MailCheck, Send } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { CopyLinkField } from '../../components/copy-link-field.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'
import { formatDateTime } from '../../lib/format-date.ts'
import { useLocalDatabase } from '../../lib/local-database.tsx'
import { describeError } from '../../lib/server-message.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { waitForServerCopy } from './user-writes.ts'

type Invitation = NonNullable<Awaited<ReturnType<typeof requestSetupLink>>>
type LinkState =
  | { status: 'waiting' }
  | { status: 'refused' }
  | { status: 'ready'; link: Invitation }
  | { status: 'failed'; message: string }

/**
 * A fresh invitation for a user (POST /api/users/:id/setup-link). With mail on the server
 * it went to the user's address: the dialog says so and offers "Opnieuw versturen", never
 * the link. Without, it shows the setup link with a copy button. A user created offline
 * first has to reach the server: until then the dialog says so.
 */
export function SetupLinkDialog(props: { userId: string; name: string; onClose: () => void }) {
  const database = useLocalDatabase()
  const isOnline = useOnlineStatus()
  const [isOnServer, setIsOnServer] = useState<boolean | null>(null)
  const [state, setState] = useState<LinkState>({ status: 'waiting' })
  const [resend, setResend] = useState<{ busy: boolean; problem?: string; sent?: boolean }>({
    busy: false,
  })

  async function sendAgain() {
    setResend({ busy: true })
    try {
      const link = await requestSetupLink(props.userId)
      if (link) setState({ status: 'ready', link })
      setResend({ busy: false, sent: link !== null })
    } catch (error) {
      setResend({
        busy: false,
        problem: describeError(error, 'De uitnodiging kon niet opnieuw verstuurd worden.'),
      })
    }
  }

  useEffect(() => {
    if (!database) return
    let isCurrent = true
    void waitForServerCopy(database, props.userId).then((result) => {
      if (!isCurrent) return
      setIsOnServer(result === 'accepted')
      if (result === 'refused') setState({ status: 'refused' })
    })
    return () => {
      isCurrent = false
    }
  }, [database, props.userId])

  useEffect(() => {
    if (!isOnServer || !isOnline) return
    let isCurrent = true
    requestSetupLink(props.userId).then(
      (link) => isCurrent && setState(link ? { status: 'ready', link } : { status: 'waiting' }),
      (error: unknown) =>
        isCurrent &&
        setState({
          status: 'failed',
          message: describeError(error, 'De setup-link kon niet gemaakt worden.'),
        }),
    )
    return () => {
      isCurrent = false
    }
  }, [isOnServer, isOnline, props.userId])

  const invited = state.status === 'ready' && state.link.invited ? state.link : null
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={invited ? 'Uitnodiging' : 'Setup-link'}
      description={
        invited
          ? `${props.name} kiest via de link in de e-mail een wachtwoord. Opnieuw versturen maakt eerdere links ongeldig.`
          : `Met deze link kiest ${props.name} een wachtwoord. Een nieuwe link maakt eerdere links ongeldig.`
      }
    >
      <div className="grid gap-4">
        {invited && (
          <>
            <Alert title={`Uitnodiging verstuurd naar ${invited.invitedTo}`}>
              <span className="inline-flex items-start gap-2">
                <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
                {resend.sent ? 'Opnieuw verstuurd. ' : ''}De link in de e-mail is geldig tot{' '}
                {formatDateTime(invited.setupUrlExpiresAt)}.
              </span>
            </Alert>
            {resend.problem && (
              <Alert variant="destructive" title="Niet verstuurd">
                {resend.problem}
              </Alert>
            )}
          </>
        )}
        {state.status === 'ready' && !state.link.invited && (
          <>
            <CopyLinkField label="Setup-link" value={state.link.setupUrl} />
            <p className="text-muted-foreground text-xs">
              Geldig tot {formatDateTime(state.link.setupUrlExpiresAt)}
            </p>
          </>
        )}
        {state.status === 'waiting' && !isOnline && (
          <Alert title="Je bent offline">
            <span className="inline-flex items-start gap-2">
              <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
              De setup-link kan gemaakt worden zodra je weer online bent. Open hem dan via het menu
              van de gebruiker (Setup-link).
            </span>
          </Alert>
        )}
        {state.status === 'waiting' && isOnline && (
          <output className="flex items-center gap-2 text-muted-foreground text-sm">
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
            Setup-link wordt gemaakt...
          </output>
        )}
        {state.status === 'refused' && (
          <Alert variant="destructive" title="Niet opgeslagen">
            De server heeft deze gebruiker geweigerd; de reden staat bij de geweigerde wijzigingen.
          </Alert>
        )}
        {state.status === 'failed' && (
          <Alert variant="destructive" title="Fout">
            {state.message}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={props.onClose}>
            Sluiten
          </Button>
          {invited && (
            <Button onClick={() => void sendAgain()} disabled={resend.busy || !isOnline}>
              <Send aria-hidden />
              {resend.busy ? 'Bezig...' : 'Opnieuw versturen'}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  )
}

/** The invitation (sent, or its link), or null when the request went into the offline queue. */
async function requestSetupLink(id: string) {
  const response = await api.users[':id']['setup-link'].$post({ param: { id } })
  return isQueuedResponse(response) ? null : response.json()
}
