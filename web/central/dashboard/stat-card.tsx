import type { LucideIcon } from 'lucide-react'
import { Card } from '../../components/card.tsx'

type StatCardProps = { title: string; value: string; detail: string; Icon: LucideIcon }

/** One of the four dashboard figures. */
export function StatCard({ title, value, detail, Icon }: StatCardProps) {
  return (
    <Card className="grid min-w-0 gap-1.5 p-4 sm:gap-2 sm:p-5" aria-label={title}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 font-medium text-muted-foreground text-xs sm:text-sm">{title}</h2>
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </div>
      <p className="font-bold text-2xl tabular-nums tracking-tight sm:text-3xl">{value}</p>
      <p className="text-muted-foreground text-xs">{detail}</p>
    </Card>
  )
}
