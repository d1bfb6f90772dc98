import { LoaderCircle } from 'lucide-react'
import { cn } from '../lib/class-names.ts'

/** 'Laden...' inside a page, while its local data is read for the first time. */
export function InlineLoading({ className }: { className?: string }) {
  return (
    <output className={cn('flex items-center gap-2 py-6 text-muted-foreground text-sm', className)}>
      <LoaderCircle aria-hidden className="size-4 animate-spin" />
      Laden...
    </output>
  )
}
