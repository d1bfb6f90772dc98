import { Building2 } from 'lucide-react'
import { cn } from '../../lib/class-names.ts'

/** The Gold Estates brand badge of the sales header and login. */
export function BrandBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-amber-500/15 px-3 py-1 font-semibold text-amber-800 text-sm dark:text-amber-300',
        className,
      )}
    >
      <Building2 aria-hidden className="size-4" />
      Gold Estates
    </span>
  )
}
