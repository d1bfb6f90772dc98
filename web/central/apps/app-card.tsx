import { ChartColumn, ExternalLink, Pencil, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { AppConnectionDocType } from '#schema/rx/app-connections'
import { Button, buttonClass } from '../../components/button.tsx'
import { Card } from '../../components/card.tsx'
import { useHasBeenSeen } from '../../lib/use-has-been-seen.ts'
import { AppStatusBadge } from './app-status-badge.tsx'
import { AppUsageSummary } from './app-usage-summary.tsx'
import { UsageDialog } from './usage-dialog.tsx'
import { useAppUsage } from './use-app-usage.ts'

type AppCardProps = {
  app: AppConnectionDocType
  canWrite: boolean
  onEdit: (app: AppConnectionDocType) => void
  onDelete: (app: AppConnectionDocType) => void
}

/**
 * A connected app (docs/behaviour.md): name, description, status, Open in new tab, edit, delete;
 * and its usage of the last 30 days, with 'Gebruik' for the figures per day.
 */
export function AppCard({ app, canWrite, onEdit, onDelete }: AppCardProps) {
  // seq 0: created here and not yet accepted by the server, which alone knows usage. Asked
  // once the card comes near the screen: an organisation with hundreds of apps would
  // otherwise ask for every one at each opening and each return of the connection.
  const cardRef = useRef<HTMLLIElement>(null)
  const hasBeenSeen = useHasBeenSeen(cardRef)
  const { state: usage, reload } = useAppUsage(app.id, app.seq > 0, hasBeenSeen)
  const [isUsageOpen, setIsUsageOpen] = useState(false)
  const usageButtonRef = useRef<HTMLButtonElement>(null)
  const wasUsageOpen = useRef(false)
  const openUsage = () => {
    setIsUsageOpen(true)
    reload()
  }
  // Radix returns focus only to its own trigger: give it back to 'Gebruik' once the
  // dialog (and its focus trap) is gone.
  useEffect(() => {
    if (wasUsageOpen.current && !isUsageOpen) usageButtonRef.current?.focus()
    wasUsageOpen.current = isUsageOpen
  }, [isUsageOpen])
  return (
    <li ref={cardRef}>
      <Card className="flex h-full flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 break-words font-semibold leading-tight">{app.name}</h3>
          <AppStatusBadge status={app.status} />
        </div>
        <p className="break-words text-muted-foreground text-sm">
          {app.description || 'Geen beschrijving'}
        </p>
        <p className="truncate text-muted-foreground text-xs" title={app.url}>
          {app.url}
        </p>
        <AppUsageSummary
          state={usage}
          action={
            <Button
              ref={usageButtonRef}
              variant="ghost"
              size="sm"
              onClick={openUsage}
              aria-label={`Details gebruik van ${app.name}`}
              className="-my-1 -mr-2 h-7 px-2 text-xs"
            >
              <ChartColumn aria-hidden />
              Details
            </Button>
          }
        />
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <a
            href={app.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('outline', 'sm')}
          >
            <ExternalLink aria-hidden />
            Open in new tab
          </a>
          {canWrite && (
            <div className="ml-auto flex gap-1">
              <Button
                variant="ghost"
                size="icon"
                onClick={() => onEdit(app)}
                aria-label={`${app.name} bewerken`}
                title="Bewerken"
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => onDelete(app)}
                aria-label={`${app.name} verwijderen`}
                title="Verwijderen"
                className="text-destructive hover:text-destructive"
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          )}
        </div>
      </Card>
      {isUsageOpen && (
        <UsageDialog
          app={app}
          state={usage}
          canWrite={canWrite}
          onReload={reload}
          onClose={() => setIsUsageOpen(false)}
        />
      )}
    </li>
  )
}
