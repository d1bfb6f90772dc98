import type { ReactNode } from 'react'

type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode }

/** The h1 and one-line description at the top of every signed-in screen. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="grid min-w-0 gap-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </div>
      {actions}
    </div>
  )
}
