import { MailWarning } from 'lucide-react'
import * as Popover from 'radix-ui/popover'

/**
 * "E-mail komt niet aan" beside an address a mail server refused for good: the server's
 * words on hover (title) and on a tap (a small panel), as a phone has no hover.
 */
export function BounceMarker({ reason }: { reason: string }) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          title={reason}
          className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-transparent bg-destructive/15 px-2.5 py-0.5 font-medium text-destructive text-xs"
        >
          <MailWarning aria-hidden className="size-3.5" />
          E-mail komt niet aan
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-[min(20rem,calc(100vw-2rem))] rounded-lg border bg-card p-3 text-sm shadow-md"
        >
          <p className="font-medium">De mailserver weigerde dit adres</p>
          <p className="mt-1 break-words text-muted-foreground text-xs">{reason}</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
