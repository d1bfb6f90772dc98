import type { ReactNode } from 'react'
import { cn } from '../../lib/class-names.ts'

export type Figure = { term: string; value: ReactNode; detail?: ReactNode; isAlert?: boolean }

/** Terms with their figures, one per line, figures aligned right. */
export function FigureList({ figures }: { figures: readonly Figure[] }) {
  return (
    <dl className="grid divide-y text-sm">
      {figures.map((figure) => (
        <div key={figure.term} className="grid gap-1 py-2.5 first:pt-0 last:pb-0">
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-muted-foreground">{figure.term}</dt>
            <dd
              className={cn(
                'shrink-0 text-right font-semibold tabular-nums',
                figure.isAlert && 'text-destructive',
              )}
            >
              {figure.value}
            </dd>
          </div>
          {figure.detail}
        </div>
      ))}
    </dl>
  )
}
