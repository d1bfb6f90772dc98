import { MapPin, Percent } from 'lucide-react'
import type { ProjectDocType } from '#schema/rx/projects'
import { Badge } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import { CatalogCardMenu } from '../components/catalog-card-menu.tsx'
import { ActiveStatusBadge } from '../layout/status-badge.tsx'

type ProjectCardProps = {
  project: ProjectDocType
  canWrite: boolean
  onEdit: (project: ProjectDocType) => void
  onToggleActive: (project: ProjectDocType) => void
  /** The project's own rate today, as text ('2,5% · Plan Closers'); absent: none. */
  rateText?: string
  /** Opens the project's rates; absent when there is nothing to show or set. */
  onRate?: () => void
}

/** "12 van 40 verkocht", or "12 verkocht" without a total. */
function describeSoldUnits({ soldUnits, totalUnits }: ProjectDocType) {
  return totalUnits == null ? `${soldUnits} verkocht` : `${soldUnits} van ${totalUnits} verkocht`
}

/** One project: name, status, label, where, what, and how many units are sold. */
export function ProjectCard({
  project,
  canWrite,
  onEdit,
  onToggleActive,
  rateText,
  onRate,
}: ProjectCardProps) {
  const isActive = project.status === 'active'
  const share =
    project.totalUnits && project.totalUnits > 0
      ? Math.min(100, Math.round((project.soldUnits / project.totalUnits) * 100))
      : null
  return (
    <li
      aria-label={project.name}
      className="grid content-start gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h2 className="break-words font-semibold">{project.name}</h2>
          {project.location && (
            <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{project.location}</span>
            </p>
          )}
        </div>
        {canWrite && (
          <CatalogCardMenu
            name={project.name}
            isActive={isActive}
            onEdit={() => onEdit(project)}
            onToggleActive={() => onToggleActive(project)}
          />
        )}
      </div>
      <div className="flex flex-wrap gap-1.5">
        <ActiveStatusBadge status={project.status} />
        {project.label && <Badge variant="outline">{project.label}</Badge>}
        {project.type && <Badge variant="secondary">{project.type}</Badge>}
      </div>
      {project.description && (
        <p className="line-clamp-3 break-words text-muted-foreground text-sm">
          {project.description}
        </p>
      )}
      <div className="grid gap-1.5">
        <p className="text-sm">
          <span className="font-medium tabular-nums">{describeSoldUnits(project)}</span>
          {share !== null && <span className="text-muted-foreground"> · {share}%</span>}
        </p>
        {share !== null && (
          <div
            className="h-1.5 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Verkochte units"
            aria-valuenow={share}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
          </div>
        )}
      </div>
      {(rateText || onRate) && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3 text-sm">
          <span className="flex items-center gap-1.5">
            <Percent aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
            {rateText ? `Eigen tarief: ${rateText}` : 'Geen eigen tarief'}
          </span>
          {onRate && (
            <Button variant="outline" size="sm" onClick={onRate}>
              Eigen tarief
            </Button>
          )}
        </div>
      )}
    </li>
  )
}
