import type { ComponentProps } from 'react'
import { Link } from 'react-router-dom'
import { cn } from '../lib/class-names.ts'

/** An in-app link styled as text. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  )
}
