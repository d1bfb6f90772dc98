import { CloudAlert, CloudUpload, Send, X } from 'lucide-react'
import { cn } from '../lib/class-names.ts'
import { describeQueuedChange } from '../lib/offline-queue/describe-queued-change.ts'
import type { QueueItem } from '../lib/offline-queue/queue-store.ts'
import { requestReplay } from '../lib/offline-queue/start-queue-replay.ts'
import { dismissQueueItem, useSyncQueue } from '../lib/offline-queue/use-sync-queue.ts'
import { useOnlineStatus } from '../lib/use-online-status.ts'
import { Button } from './button.tsx'
import { HeaderPopover } from './header-popover.tsx'

// Built on first use, not at import: the header is on every first screen, and a page's
// first Intl formatter loads ICU's data (decision 041).
let timeFormat: Intl.DateTimeFormat | undefined
function formatQueuedAt(timestamp: number) {
  timeFormat ??= new Intl.DateTimeFormat('nl-NL', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  })
  return timeFormat.format(timestamp)
}

/**
 * The header's count of one person's offline changes: waiting to be sent, refused by the
 * server, or expired (not sent within 30 days), opening the list with the reasons; nothing
 * when there are none. Both areas show it, each for its own signed-in person.
 */
export function SyncQueueIndicator({ account }: { account: string | null }) {
  const { pending, failed, expired } = useSyncQueue(account)
  const isOnline = useOnlineStatus()
  const problems = failed.length + expired.length
  const total = pending.length + problems
  if (total === 0) return null

  const label = [
    pending.length > 0 &&
      `${pending.length} ${pending.length === 1 ? 'wijziging wacht' : 'wijzigingen wachten'} op verzending`,
    failed.length > 0 && `${failed.length} mislukt`,
    expired.length > 0 && `${expired.length} verlopen`,
  ]
    .filter(Boolean)
    .join(', ')

  return (
    <HeaderPopover
      label="Wijzigingen"
      state={label}
      title={label}
      buttonClassName={cn(problems > 0 && 'text-destructive')}
      button={
        <>
          {problems > 0 ? <CloudAlert aria-hidden /> : <CloudUpload aria-hidden />}
          <span className="tabular-nums">{total}</span>
        </>
      }
      className="gap-4"
    >
      {pending.length > 0 && (
        <QueueSection
          title={`Wacht op verzending (${pending.length})`}
          hint={isOnline ? 'Wordt nu verstuurd.' : 'Wordt verstuurd zodra je weer online bent.'}
          items={pending}
        />
      )}
      {failed.length > 0 && (
        <QueueSection
          title={`Mislukt (${failed.length})`}
          hint="De server weigerde deze wijzigingen; ze worden niet opnieuw verstuurd."
          items={failed}
        />
      )}
      {expired.length > 0 && (
        <QueueSection
          title={`Verlopen (${expired.length})`}
          hint="Deze wijzigingen konden een week lang niet verstuurd worden en zijn niet uitgevoerd. Voer ze zo nodig opnieuw in."
          items={expired}
        />
      )}
      {pending.length > 0 && isOnline && (
        <Button variant="outline" size="sm" onClick={requestReplay}>
          <Send aria-hidden />
          Nu versturen
        </Button>
      )}
    </HeaderPopover>
  )
}

function QueueSection(props: { title: string; hint: string; items: readonly QueueItem[] }) {
  return (
    <section className="grid gap-2">
      <div className="grid gap-0.5">
        <h2 className="font-semibold text-sm">{props.title}</h2>
        <p className="text-muted-foreground text-xs">{props.hint}</p>
      </div>
      <ul className="grid gap-2">
        {props.items.map((item) => (
          <QueueEntry key={item.id} item={item} />
        ))}
      </ul>
    </section>
  )
}

function QueueEntry({ item }: { item: QueueItem }) {
  const isFailed = item.status !== 'pending'
  const description = describeQueuedChange(item)
  return (
    <li
      className={cn(
        'flex items-start gap-2 rounded-lg border p-3 text-sm',
        isFailed && 'border-destructive/40 bg-destructive/5',
      )}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="break-words font-medium">{description}</p>
        <p className="text-muted-foreground text-xs">
          {formatQueuedAt(item.timestamp)}
          {!isFailed && item.attempts > 0 && ` · ${item.attempts}× geprobeerd`}
        </p>
        {item.error && (
          <p
            className={cn(
              'break-words text-xs',
              isFailed ? 'text-destructive' : 'text-muted-foreground',
            )}
          >
            {item.error}
          </p>
        )}
      </div>
      {isFailed && (
        <button
          type="button"
          onClick={() => void dismissQueueItem(item.id)}
          aria-label={`Verwijderen: ${description}`}
          title="Verwijderen"
          className="-m-1 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </li>
  )
}
