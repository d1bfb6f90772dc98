import { Building2, CloudOff, Rocket } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import { Card } from '../../components/card.tsx'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'

/**
 * The sales app, for SUPERADMIN only (docs/behaviour.md): LAUNCH APP opens a Gold Estates
 * session (POST /api/admin/launch-gold-estates) and goes to the sales dashboard. The
 * launch needs the server, so it is disabled offline.
 */
export function GoldEstatesCard() {
  const isOnline = useOnlineStatus()
  const [isLaunching, setIsLaunching] = useState(false)

  async function launch() {
    setIsLaunching(true)
    try {
      const response = await api.admin['launch-gold-estates'].$post()
      if (isQueuedResponse(response)) throw new TypeError('offline')
      const { url } = await response.json()
      showToast({ title: 'Gold Estates Gelanceerd!' })
      window.location.href = url
    } catch (error) {
      showToast({
        title: 'Launch mislukt',
        description: describeError(error, 'Failed to launch Gold Estates'),
        variant: 'destructive',
      })
      setIsLaunching(false)
    }
  }

  return (
    <Card className="grid grid-cols-[auto_1fr] items-center gap-4 p-5 sm:grid-cols-[auto_1fr_auto]">
      <span className="flex size-12 items-center justify-center rounded-xl bg-amber-500/15 text-amber-600 dark:text-amber-300">
        <Building2 aria-hidden className="size-6" />
      </span>
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">Gold Estates</h3>
          <Badge variant="success">Actief</Badge>
          <Badge className="border-transparent bg-amber-500/20 text-amber-800 dark:text-amber-300">
            SUPERADMIN
          </Badge>
        </div>
        <p className="text-muted-foreground text-sm">
          Verkoop- en commissiebeheer voor vastgoedprojecten.
        </p>
      </div>
      <div className="col-span-2 grid gap-1 sm:col-span-1 sm:justify-items-end">
        <Button
          onClick={launch}
          disabled={!isOnline || isLaunching}
          aria-describedby={isOnline ? undefined : 'gold-estates-note'}
        >
          <Rocket aria-hidden />
          {isLaunching ? 'Lanceren...' : 'LAUNCH APP'}
        </Button>
        {!isOnline && (
          <p
            id="gold-estates-note"
            className="flex items-center gap-1.5 text-muted-foreground text-xs"
          >
            <CloudOff aria-hidden className="size-3.5" />
            Lanceren kan alleen met verbinding
          </p>
        )}
      </div>
    </Card>
  )
}
