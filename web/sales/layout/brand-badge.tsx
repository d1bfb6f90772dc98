import { Building2 } from 'lucide-react'
import { cn } from '../../lib/class-names.ts'

/**
 * The Gold Estates brand badge of the sales header and login. `isCompactOnPhone`: on the
 * narrowest phones only the icon shows (the name stays for screen readers), so the
 * header's buttons fit beside it.
 */
export function BrandBadge({
  className,
  isCompactOnPhone = false,
}: {
  className?: string
  isCompactOnPhone?: boolean
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-amber-500/15 px-3 py-1 font-semibold text-amber-800 text-sm dark:text-amber-300',
        className,
      )}
    >
      <Building2 aria-hidden className="size-4" />
      <span className={isCompactOnPhone ? 'max-[419px]:sr-only' : undefined}>Gold Estates</span>
    </span>
  )
}
