import { CloudOff, KeyRound, TriangleAlert } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { CopyLinkField } from '../../components/copy-link-field.tsx'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'
import { describeError } from '../../lib/server-message.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'

type KeyState =
  | { status: 'idle' }
  | { status: 'confirming' }
  | { status: 'creating' }
  | { status: 'created'; apiKey: string }
  | { status: 'failed'; message: string }

type ApiKeySectionProps = {
  appId: string
  /** undefined while unknown: then a new key is confirmed as if one existed. */
  hasApiKey: boolean | undefined
  onCreated: () => void
}

/**
 * Creates or rotates the app's API key (POST /api/app-connections/:id/api-key). The key
 * is shown once, here; rotating retires the old one, so that is confirmed first.
 */
export function ApiKeySection({ appId, hasApiKey, onCreated }: ApiKeySectionProps) {
  const isOnline = useOnlineStatus()
  const [state, setState] = useState<KeyState>({ status: 'idle' })
  const confirmRef = useRef<HTMLButtonElement>(null)
  const sectionRef = useRef<HTMLElement>(null)
  const hasKey = hasApiKey !== false || state.status === 'created'

  useEffect(() => {
    if (state.status === 'confirming') confirmRef.current?.focus()
    // The key sits at the end of a long dialog: bring it into view on a phone.
    if (state.status === 'created') sectionRef.current?.scrollIntoView({ block: 'nearest' })
  }, [state.status])

  async function create() {
    setState({ status: 'creating' })
    try {
      const param = { id: appId }
      const response = await api['app-connections'][':id']['api-key'].$post({ param })
      if (isQueuedResponse(response)) throw new TypeError('offline')
      const { apiKey } = await response.json()
      setState({ status: 'created', apiKey })
      onCreated()
    } catch (error) {
      setState({
        status: 'failed',
        message: describeError(error, 'De API-sleutel kon niet gemaakt worden.'),
      })
    }
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby={`${appId}-key-title`}
      className="grid gap-3 border-t pt-4"
    >
      <h3 id={`${appId}-key-title`} className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden className="size-4" />
        API-sleutel
      </h3>
      {state.status === 'created' && (
        <>
          <CopyLinkField
            label="Nieuwe API-sleutel"
            value={state.apiKey}
            copyLabel="Kopieer sleutel"
          />
          <Alert title="Bewaar deze sleutel nu">
            Hij wordt maar één keer getoond. Een volgende nieuwe sleutel maakt deze ongeldig.
          </Alert>
        </>
      )}
      {state.status === 'failed' && (
        <Alert variant="destructive" title="Fout">
          {state.message}
        </Alert>
      )}
      {state.status === 'confirming' ? (
        <div className="grid gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
          <p className="flex gap-2">
            <TriangleAlert
              aria-hidden
              className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300"
            />
            De huidige sleutel werkt daarna meteen niet meer. Apps die hem gebruiken moeten de
            nieuwe sleutel krijgen.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setState({ status: 'idle' })}>
              Annuleren
            </Button>
            <Button ref={confirmRef} variant="destructive" onClick={() => void create()}>
              Ja, vervang de sleutel
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-1.5 justify-items-start">
          {state.status !== 'created' && (
            <p className="text-muted-foreground text-sm">
              {hasApiKey
                ? 'Deze app heeft een sleutel. Die is niet meer te zien; maak zo nodig een nieuwe.'
                : 'Met een API-sleutel meldt de app zijn gebruik.'}
            </p>
          )}
          <Button
            variant="outline"
            disabled={!isOnline || state.status === 'creating'}
            onClick={() => (hasKey ? setState({ status: 'confirming' }) : void create())}
          >
            <KeyRound aria-hidden />
            {state.status === 'creating'
              ? 'Bezig...'
              : hasKey
                ? 'Nieuwe sleutel'
                : 'API-sleutel aanmaken'}
          </Button>
          {!isOnline && (
            <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
              <CloudOff aria-hidden className="size-3.5" />
              Een sleutel maken kan alleen met verbinding
            </p>
          )}
        </div>
      )}
    </section>
  )
}
