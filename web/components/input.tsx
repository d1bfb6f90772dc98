import type { ComponentProps } from 'react'
import { cn } from '../lib/class-names.ts'

export const inputClass =
  'h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60 md:text-sm'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />
}
