import { Popover } from 'radix-ui'
import type { ReactNode } from 'react'
import { cn } from '../lib/class-names.ts'

/**
 * The panel a header button opens (sync state, queue, refused changes): under the button,
 * aligned to its end, as wide as a phone allows and scrolling when long.
 */
export function HeaderPopoverPanel({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="end"
        sideOffset={8}
        collisionPadding={12}
        aria-label={label}
        className={cn(
          'z-50 grid max-h-[min(28rem,calc(100dvh-6rem))] w-[min(22rem,calc(100vw-1.5rem))] gap-3 overflow-y-auto rounded-xl border bg-card p-4 text-card-foreground shadow-xl',
          className,
        )}
      >
        {children}
      </Popover.Content>
    </Popover.Portal>
  )
}
