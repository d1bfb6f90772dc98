import { RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '../components/alert.tsx'
import { Button } from '../components/button.tsx'
import { useCurrentUserState } from '../lib/current-user.tsx'
import { describeError } from '../lib/server-message.ts'

/** Shown when the first GET /api/auth/user got no usable answer. */
export function StartupError({ error }: { error: unknown }) {
  const { refetchUser } = useCurrentUserState()
  const [isRetrying, setIsRetrying] = useState(false)
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <div className="grid w-full max-w-md gap-4">
        <Alert variant="destructive" title="Centraal kon niet starten">
          {describeError(error, 'De server gaf een onverwacht antwoord. Probeer het zo opnieuw.')}
        </Alert>
        <Button
          disabled={isRetrying}
          onClick={async () => {
            setIsRetrying(true)
            await refetchUser()
            setIsRetrying(false)
          }}
        >
          <RefreshCw aria-hidden className={isRetrying ? 'animate-spin' : undefined} />
          Opnieuw proberen
        </Button>
      </div>
    </main>
  )
}
