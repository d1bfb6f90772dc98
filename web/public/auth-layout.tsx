import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { BrandMark } from '../components/brand-mark.tsx'
import { Card } from '../components/card.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { cn } from '../lib/class-names.ts'

type AuthLayoutProps = {
  title: string
  description?: ReactNode
  /** Wide for the reading pages (help, terms), narrow for forms. */
  width?: 'narrow' | 'wide'
  children: ReactNode
}

/** The centred card used by login, registration, setup and the short info pages. */
export function AuthLayout({ title, description, width = 'narrow', children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-semibold text-lg focus-visible:outline-2 focus-visible:outline-ring"
        >
          <BrandMark className="size-7" />
          Centraal
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <Card className={cn('w-full p-6 sm:p-8', width === 'wide' ? 'max-w-2xl' : 'max-w-md')}>
          <div className="mb-6 grid gap-1.5 text-center">
            <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
            {description && <p className="text-muted-foreground text-sm">{description}</p>}
          </div>
          {children}
        </Card>
      </main>
    </div>
  )
}
