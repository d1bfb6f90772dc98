import type { LucideIcon } from 'lucide-react'
import { Card } from '../../components/card.tsx'

type StatCardProps = { title: string; value: string; detail: string; Icon: LucideIcon }

/** One of the four dashboard figures. */
export function StatCard({ title, value, detail, Icon }: StatCardProps) {
  return (
    <Card className="grid gap-2 p-5" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-medium text-muted-foreground text-sm">{title}</h2>
        <Icon aria-hidden className="size-4 text-muted-foreground" />
      </div>
      <p className="font-bold text-3xl tabular-nums tracking-tight">{value}</p>
      <p className="text-muted-foreground text-xs">{detail}</p>
    </Card>
  )
}
