import * as Popover from 'radix-ui/popover'
import type { ReactNode } from 'react'
import { cn } from '../lib/class-names.ts'
import { Button } from './button.tsx'

type HeaderPopoverProps = {
  /** The panel's name, and the start of the button's: "Synchronisatie". */
  label: string
  /** The rest of the button's name: "Synchronisatie: Gesynchroniseerd". */
  state: string | number
  /** The button's tooltip. */
  title: string
  buttonClassName?: string
  /** What the button shows: an icon, a count. */
  button: ReactNode
  className?: string
  children: ReactNode
}

/**
 * A small header button (sync state, queue, refused changes) and the panel it opens: under
 * the button, aligned to its end, as wide as a phone allows and scrolling when long.
 */
export function HeaderPopover({
  label,
  state,
  title,
  buttonClassName,
  button,
  className,
  children,
}: HeaderPopoverProps) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${label}: ${state}`}
          title={title}
          className={cn('gap-1.5 px-2.5', buttonClassName)}
        >
          {button}
        </Button>
      </Popover.Trigger>
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
    </Popover.Root>
  )
}
