import { ExternalLink, Pencil, Trash2 } from 'lucide-react'
import type { AppConnectionDocType } from '#schema/rx/app-connections'
import { Button, buttonClass } from '../../components/button.tsx'
import { Card } from '../../components/card.tsx'
import { AppStatusBadge } from './app-status-badge.tsx'

type AppCardProps = {
  app: AppConnectionDocType
  canWrite: boolean
  onEdit: (app: AppConnectionDocType) => void
  onDelete: (app: AppConnectionDocType) => void
}

/** A connected app (spec §2): name, description, status, Open in new tab, edit, delete. */
export function AppCard({ app, canWrite, onEdit, onDelete }: AppCardProps) {
  return (
    <li>
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
    </li>
  )
}
