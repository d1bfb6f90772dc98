import { Hourglass } from 'lucide-react'
import { type HeavyWorkArea, useHeavyWorkPlace } from '../lib/use-heavy-work-place.ts'

type HeavyWorkPlaceProps = { area: HeavyWorkArea; isPending: boolean }

/**
 * "In de wachtrij: plaats N" while a restore, import or download waits on the server for
 * another organisation's heavy job; nothing while it runs or is not waiting.
 */
export function HeavyWorkPlace({ area, isPending }: HeavyWorkPlaceProps) {
  const place = useHeavyWorkPlace(area, isPending)
  if (place === null || place < 2) return null
  return (
    <output className="flex items-center gap-2 text-muted-foreground text-sm">
      <Hourglass aria-hidden className="size-4" />
      In de wachtrij: plaats {place}
    </output>
  )
}
