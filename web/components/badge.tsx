import type { ComponentProps } from 'react'
import { cn } from '../lib/class-names.ts'

type Variant = 'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive'

const VARIANTS: Record<Variant, string> = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-muted text-foreground',
  outline: 'text-foreground',
  success: 'border-transparent bg-emerald-600/15 text-emerald-700 dark:text-emerald-300',
  warning: 'border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300',
  destructive: 'border-transparent bg-destructive/15 text-destructive',
}

export function Badge({
  variant = 'default',
  className,
  ...props
}: ComponentProps<'span'> & { variant?: Variant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 font-medium text-xs',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  )
}
