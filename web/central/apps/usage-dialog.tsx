import { CloudOff, LoaderCircle, RefreshCw } from 'lucide-react'
import type { AppConnectionDocType } from '#schema/rx/app-connections'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'
import { ApiKeySection } from './api-key-section.tsx'
import { UsageDetails } from './usage-details.tsx'
import { UsageHowTo } from './usage-how-to.tsx'
import { type AppUsageState, USAGE_DAYS } from './use-app-usage.ts'

type UsageDialogProps = {
  app: AppConnectionDocType
  state: AppUsageState
  canWrite: boolean
  onReload: () => void
  onClose: () => void
}

/** An app's usage per day over the last 30 days, and its API key for who may manage apps. */
export function UsageDialog({ app, state, canWrite, onReload, onClose }: UsageDialogProps) {
  const usage = state.status === 'ready' ? state.usage : undefined
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Gebruik van ${app.name}`}
      description={
        usage
          ? `Laatste ${USAGE_DAYS} dagen: ${formatCalendarDate(usage.from)} tot en met ${formatCalendarDate(usage.to)}.`
          : `Laatste ${USAGE_DAYS} dagen.`
      }
      className="sm:max-w-2xl"
    >
      <div className="grid gap-5">
        {state.status === 'ready' && (
          <div className="flex justify-end">
            <Button variant="ghost" size="sm" onClick={onReload} disabled={state.isRefreshing}>
              <RefreshCw aria-hidden className={state.isRefreshing ? 'animate-spin' : undefined} />
              Vernieuwen
            </Button>
          </div>
        )}
        <UsageBody state={state} onReload={onReload} />
        {canWrite && state.status !== 'not-on-server' && (
          <ApiKeySection appId={app.id} hasApiKey={usage?.hasApiKey} onCreated={onReload} />
        )}
        {usage && usage.days.length > 0 && (
          <details className="rounded-md border">
            <summary className="cursor-pointer select-none px-3 py-2 font-medium text-sm">
              Hoe meldt een app gebruik?
            </summary>
            <div className="border-t p-3">
              <UsageHowTo />
            </div>
          </details>
        )}
      </div>
    </Dialog>
  )
}

function UsageBody({ state, onReload }: { state: AppUsageState; onReload: () => void }) {
  switch (state.status) {
    case 'not-on-server':
      return (
        <Alert title="Nog niet op de server">
          Het gebruik en de API-sleutel zijn er zodra deze app met de server is gesynchroniseerd.
        </Alert>
      )
    case 'offline':
      return (
        <Alert title="Gebruik niet beschikbaar offline">
          <span className="inline-flex items-start gap-2">
            <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
            Het gebruik staat alleen op de server. Het verschijnt weer zodra je online bent.
          </span>
        </Alert>
      )
    case 'loading':
      return (
        <output className="flex items-center gap-2 text-muted-foreground text-sm">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          Gebruik ophalen…
        </output>
      )
    case 'failed':
      return (
        <div className="grid justify-items-start gap-3">
          <Alert variant="destructive" title="Gebruik kon niet geladen worden">
            {state.message}
          </Alert>
          <Button variant="outline" onClick={onReload}>
            Opnieuw proberen
          </Button>
        </div>
      )
    case 'ready':
      return state.usage.days.length > 0 ? (
        <UsageDetails usage={state.usage} />
      ) : (
        <div className="grid gap-3 rounded-xl border border-dashed p-4">
          <p className="font-medium">Nog geen gebruik gemeld</p>
          <UsageHowTo />
        </div>
      )
  }
}
