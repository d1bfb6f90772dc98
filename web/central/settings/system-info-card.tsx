import { CHANGELOG } from '#schema/constants'
import { Badge } from '../../components/badge.tsx'
import { TitledCard } from '../../components/card.tsx'
import { WEB_BUILD } from '../../lib/build-info.ts'

type SystemInfoCardProps = {
  /** summary: version and the latest changes (Algemeen); full: every release (Systeem). */
  variant?: 'summary' | 'full'
}

/** Version and changelog (docs/behaviour.md, Instellingen). */
export function SystemInfoCard({ variant = 'full' }: SystemInfoCardProps) {
  const releases = variant === 'full' ? CHANGELOG : CHANGELOG.slice(0, 1)
  const titleId = `system-info-title-${variant}`
  return (
    <TitledCard
      titleId={titleId}
      title={variant === 'full' ? 'Systeem info' : 'Systeem'}
      description="De versie van Centraal die je nu gebruikt."
      contentClassName="grid gap-6"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Versie</dt>
        <dd className="font-medium">{WEB_BUILD.version}</dd>
        <dt className="text-muted-foreground">Datum</dt>
        <dd>{WEB_BUILD.date}</dd>
        {variant === 'full' && (
          <>
            <dt className="text-muted-foreground">Offline gebruik</dt>
            <dd>{describeOfflineSupport()}</dd>
          </>
        )}
      </dl>
      <div className="grid gap-4">
        <h3 className="font-medium text-sm">
          {variant === 'full' ? 'Changelog' : 'Nieuw in deze versie'}
        </h3>
        {releases.map((release) => (
          <section
            key={release.version}
            aria-label={`Versie ${release.version}`}
            className="grid gap-2 rounded-lg border p-4"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">v{release.version}</Badge>
              <span className="text-muted-foreground text-xs">{release.date}</span>
            </div>
            <ul className="ml-5 list-disc space-y-1 text-sm">
              {release.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </TitledCard>
  )
}

function describeOfflineSupport(): string {
  if (!import.meta.env.PROD) return 'Uit in de ontwikkelmodus'
  if (!('serviceWorker' in navigator)) return 'Niet beschikbaar in deze browser'
  return navigator.serviceWorker.controller
    ? 'Actief: de app opent ook zonder verbinding'
    : 'Wordt voorbereid (na de volgende keer laden actief)'
}
