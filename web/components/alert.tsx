import { CircleAlert, Info } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../lib/class-names.ts'

type AlertProps = { variant?: 'info' | 'destructive'; title?: string; children: ReactNode }

/** An inline message that stays on screen; destructive alerts are announced right away. */
export function Alert({ variant = 'info', title, children }: AlertProps) {
  const Icon = variant === 'destructive' ? CircleAlert : Info
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-lg border p-4 text-sm',
        variant === 'destructive'
          ? 'border-destructive/50 bg-destructive/10 text-destructive'
          : 'bg-muted/60 text-foreground',
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid min-w-0 gap-1 break-words">
        {title && <p className="font-medium">{title}</p>}
        <div
          className={variant === 'destructive' ? 'text-destructive/90' : 'text-muted-foreground'}
        >
          {children}
        </div>
      </div>
    </div>
  )
}

type ProblemLineProps = { problem: string | undefined; className?: string }

/** A form's last problem in one line under its fields, announced; nothing without one. */
export function ProblemLine({ problem, className }: ProblemLineProps) {
  if (!problem) return null
  return (
    <p role="alert" className={cn('text-destructive text-sm', className)}>
      {problem}
    </p>
  )
}
