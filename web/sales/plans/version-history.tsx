import { History } from 'lucide-react'
import type { PlanVersion } from '#schema/commission-plans'
import { Badge } from '../../components/badge.tsx'
import { IconCard } from '../../components/card.tsx'
import { describeRole, describeTerms, formatDay } from './plan-text.ts'

/** A plan's versions, newest first, the one in force today marked. */
export function VersionHistory({
  versions,
  today,
}: {
  versions: readonly PlanVersion[]
  today: string
}) {
  const inForce = versions.filter((version) => version.from <= today).at(-1)
  return (
    <IconCard
      Icon={History}
      title="Versies"
      description="Elke wijziging is een nieuwe versie vanaf een datum; eerdere verkopen houden wat hun versie gaf."
    >
      <ol className="grid gap-3 px-6 pb-6">
        {[...versions].reverse().map((version) => (
          <li key={version.id} className="grid gap-1 rounded-lg border p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{`Vanaf ${formatDay(version.from)}`}</span>
              {version === inForce && <Badge>Nu van kracht</Badge>}
              {version.from > today && <Badge variant="outline">Gepland</Badge>}
            </div>
            <p className="text-muted-foreground">{describeTerms(version)}</p>
            <ul className="grid gap-0.5">
              {version.roles.map((role) => (
                <li key={role.role} className="break-words">
                  {describeRole(role)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </IconCard>
  )
}
