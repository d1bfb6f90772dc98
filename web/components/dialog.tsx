import { X } from 'lucide-react'
import * as RadixDialog from 'radix-ui/dialog'
import type { ReactNode } from 'react'
import { cn } from '../lib/class-names.ts'

type DialogProps = {
  open?: boolean
  onOpenChange?: (open: boolean) => void
  title: string
  description?: string
  /** Hides the title visually when the content shows its own heading. */
  hideHeader?: boolean
  closeLabel?: string
  className?: string
  children: ReactNode
}

/**
 * A modal dialog: focus is trapped inside, Escape and the close button close it, and focus
 * returns to whatever opened it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  hideHeader = false,
  closeLabel = 'Sluiten',
  className,
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="animate-overlay fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px]" />
        <RadixDialog.Content
          // Without a description Radix must not point aria-describedby at a missing element.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'animate-dialog fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-xl',
            className,
          )}
        >
          <div className={cn('mb-4 grid gap-1.5 pr-8', hideHeader && 'sr-only')}>
            <RadixDialog.Title className="font-semibold text-lg">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="text-muted-foreground text-sm">
                {description}
              </RadixDialog.Description>
            )}
          </div>
          {children}
          <RadixDialog.Close
            aria-label={closeLabel}
            className="absolute top-3 right-3 rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden className="size-4" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
