import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

type EmptyStateProps = { Icon: LucideIcon; title: string; children?: ReactNode }

/** What a list shows when it has nothing yet. */
export function EmptyState({ Icon, title, children }: EmptyStateProps) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon aria-hidden className="size-6 text-muted-foreground" />
      </span>
      <p className="font-medium">{title}</p>
      {children}
    </div>
  )
}
