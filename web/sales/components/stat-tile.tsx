import { AlarmClock, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '../../components/card.tsx'
import { cn } from '../../lib/class-names.ts'

/** One figure: its title, formatted value, optional line below and icon. */
export type StatTileProps = {
  title: string
  value: string
  detail?: ReactNode
  Icon: LucideIcon
  tone?: 'default' | 'success' | 'warning' | 'danger'
}

const TONES = {
  default: 'bg-primary/10 text-primary',
  success: 'bg-emerald-600/15 text-emerald-700 dark:text-emerald-300',
  warning: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  danger: 'bg-destructive/15 text-destructive',
}

/** One figure of a sales dashboard; its title names the region for screen readers. */
export function StatTile({ title, value, detail, Icon, tone = 'default' }: StatTileProps) {
  return (
    <Card className="grid min-w-0 content-start gap-1.5 p-4 sm:gap-2 sm:p-5" aria-label={title}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 font-medium text-muted-foreground text-xs sm:text-sm">{title}</h2>
        <span
          className={cn('flex size-7 shrink-0 items-center justify-center rounded-md', TONES[tone])}
        >
          <Icon aria-hidden className="size-4" />
        </span>
      </div>
      <p className="break-words font-bold text-xl tabular-nums tracking-tight sm:text-2xl">
        {value}
      </p>
      {detail && <div className="text-muted-foreground text-xs">{detail}</div>}
    </Card>
  )
}

/** A grid of figures; a title is the tile's key (no screen shows a title twice). */
export function StatTiles({ tiles, className }: { tiles: StatTileProps[]; className: string }) {
  return (
    <div className={className}>
      {tiles.map((tile) => (
        <StatTile key={tile.title} {...tile} />
      ))}
    </div>
  )
}

/** "Achterstallig": commission past its expected payment date, on the dashboard and the commission screen. */
export function overdueCommissionTile(value: string): StatTileProps {
  return {
    title: 'Achterstallig',
    value,
    detail: 'Na de verwachte betaaldatum',
    Icon: AlarmClock,
    tone: 'danger',
  }
}
