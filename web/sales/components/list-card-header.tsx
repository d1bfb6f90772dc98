import type { ReactNode } from 'react'
import { CardDescription, CardTitle } from '../../components/card.tsx'

type ListCardHeaderProps = { id: string; title: string; description: string; count: ReactNode }

/** A list card's title and description, with its count as a pill on the right. */
export function ListCardHeader({ id, title, description, count }: ListCardHeaderProps) {
  return (
    <div className="flex items-start justify-between gap-3 p-4 pb-3 sm:p-6 sm:pb-4">
      <div className="grid min-w-0 gap-1.5">
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 font-medium text-xs tabular-nums">
        {count}
      </span>
    </div>
  )
}
