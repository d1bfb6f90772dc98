import { Cloud, CloudCheck, CloudOff, LoaderCircle } from 'lucide-react'
import type { SyncStatusStore } from '#sync/client/sync-status'
import { cn } from '../lib/class-names.ts'
import { describeUnsentChange } from '../lib/describe-sync-change.ts'
import { formatMoment } from '../lib/format-date.ts'
import { useOnlineStatus } from '../lib/use-online-status.ts'
import { useStatusOf } from '../lib/use-sync-status.ts'
import { HeaderPopover } from './header-popover.tsx'

const LISTED = 20
const numberFormat = new Intl.NumberFormat('nl-NL')

/**
 * Where the local database stands, in the header of both areas: filling for the first
 * time (with a count), changes waiting to be sent (with a count), a passing trouble, or
 * in sync (a phone, short of room, shows it only while changes wait); the popover says when it last caught up
 * and lists the unsent changes. Shown once the local database is open (it opens after the
 * first screen), so it never claims "Gesynchroniseerd" before anything was compared.
 */
export function SyncStateIndicator({ status }: { status: SyncStatusStore }) {
  const { unsent, lastSyncedAt, firstSync, trouble } = useStatusOf(status)
  const isOnline = useOnlineStatus()
  const waiting = unsent?.length ?? 0
  const isCut = Boolean(trouble) || !isOnline
  // What asks for action first: changes that wait; then the first fill; then the link.
  const summary =
    waiting > 0
      ? `${waiting} ${waiting === 1 ? 'wijziging wacht' : 'wijzigingen wachten'} op verzending`
      : firstSync
        ? `Eerste synchronisatie: ${numberFormat.format(firstSync.received)} items ontvangen`
        : isCut
          ? 'Niet verbonden met de server'
          : 'Gesynchroniseerd'
  const Icon = waiting > 0 ? Cloud : firstSync ? LoaderCircle : isCut ? CloudOff : CloudCheck
  return (
    <HeaderPopover
      label="Synchronisatie"
      state={summary}
      title={summary}
      buttonClassName={cn(
        isCut && 'text-muted-foreground',
        // A phone's header has room only for what asks for action: unsent changes.
        waiting === 0 && 'max-sm:hidden',
      )}
      button={
        <>
          <Icon aria-hidden className={cn(Icon === LoaderCircle && 'animate-spin')} />
          {Icon === LoaderCircle && firstSync && (
            <span className="hidden tabular-nums sm:inline">
              {numberFormat.format(firstSync.received)}
            </span>
          )}
          {waiting > 0 && <span className="tabular-nums">{waiting}</span>}
        </>
      }
      className="text-sm"
    >
      <div className="grid gap-0.5">
        <h2 className="font-semibold">{summary}</h2>
        <p className="text-muted-foreground text-xs">
          {lastSyncedAt
            ? `Laatst gesynchroniseerd ${formatMoment(lastSyncedAt)}`
            : 'Nog niet gesynchroniseerd met de server'}
        </p>
      </div>
      {firstSync && (
        <p className="text-muted-foreground text-xs">
          De gegevens worden voor het eerst op dit apparaat gezet; daarna werkt de app ook zonder
          verbinding.
        </p>
      )}
      {isCut && (
        <p className="text-muted-foreground text-xs">
          {trouble ??
            'Je bent offline. Wijzigingen blijven op dit apparaat en gaan mee zodra er verbinding is.'}
        </p>
      )}
      {waiting > 0 && unsent && (
        <ul className="grid gap-1.5">
          {unsent.slice(0, LISTED).map((change) => (
            <li
              key={`${change.collection}/${change.id}`}
              className="break-words rounded-lg border px-3 py-2"
            >
              {describeUnsentChange(change)}
            </li>
          ))}
          {waiting > LISTED && (
            <li className="text-muted-foreground text-xs">en nog {waiting - LISTED}</li>
          )}
        </ul>
      )}
    </HeaderPopover>
  )
}
