import * as RadixMenu from 'radix-ui/dropdown-menu'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../lib/class-names.ts'

type DropdownMenuProps = { trigger: ReactNode; children: ReactNode; label?: string }

/** A menu that opens from a trigger button (keyboard and screen-reader ready, via Radix). */
export function DropdownMenu({ trigger, children, label }: DropdownMenuProps) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          className="z-50 min-w-40 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  )
}

type ItemProps = ComponentProps<typeof RadixMenu.Item> & { variant?: 'default' | 'destructive' }

/** One action in a DropdownMenu. */
export function DropdownMenuItem({ className, variant = 'default', ...props }: ItemProps) {
  return (
    <RadixMenu.Item
      className={cn(
        'flex cursor-default select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-accent data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
        variant === 'destructive' && 'text-destructive data-[highlighted]:text-destructive',
        className,
      )}
      {...props}
    />
  )
}
