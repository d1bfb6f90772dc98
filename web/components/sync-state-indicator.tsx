import { Cloud, CloudCheck, CloudOff, LoaderCircle } from 'lucide-react'
import type { SyncStatusStore, UnsentChange } from '#sync/client/sync-status'
import { cn } from '../lib/class-names.ts'
import { describeUnsentChange } from '../lib/describe-sync-change.ts'
import { formatMoment } from '../lib/format-date.ts'
import { formatCount } from '../lib/format-money.ts'
import { type OtherAreaSync, useOtherAreaSync } from '../lib/other-area-sync.tsx'
import { AREA_NAMES } from '../lib/remembered-account.ts'
import { salesPath } from '../lib/sales-path.ts'
import { useOnlineStatus } from '../lib/use-online-status.ts'
import { useStatusOf } from '../lib/use-sync-status.ts'
import { HeaderPopover } from './header-popover.tsx'

const LISTED = 20

/**
 * Where the local database stands, in the header of both areas: filling for the first
 * time (with a count), changes waiting to be sent (with a count, the other area's
 * included and named: OtherAreaSyncProvider sends them from here), a passing trouble, or
 * in sync (a phone, short of room, shows it only while changes wait); the popover says when it last caught up
 * and lists the unsent changes by area. Shown once the local database is open (it opens after the
 * first screen), so it never claims "Gesynchroniseerd" before anything was compared.
 */
export function SyncStateIndicator({ status }: { status: SyncStatusStore }) {
  const { unsent, lastSyncedAt, firstSync, trouble } = useStatusOf(status)
  const other = useOtherAreaSync()
  const isOnline = useOnlineStatus()
  const own = unsent?.length ?? 0
  const elsewhere = other?.unsent.length ?? 0
  const waiting = own + elsewhere
  const isCut = Boolean(trouble) || !isOnline
  // What asks for action first: changes that wait; then the first fill; then the link.
  const summary =
    waiting > 0
      ? describeWaiting(own, other)
      : firstSync
        ? `Eerste synchronisatie: ${formatCount(firstSync.received)} items ontvangen`
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
            <span className="hidden tabular-nums sm:inline">{formatCount(firstSync.received)}</span>
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
      {other?.isWaitingForSignIn && (
        <p className="text-muted-foreground text-xs">
          Je sessie in {other.name} is verlopen: log daar opnieuw in om{' '}
          {elsewhere === 1 ? 'deze wijziging' : 'deze wijzigingen'} te verzenden.{' '}
          <a
            href={other.area === 'sales' ? salesPath('/login') : '/login'}
            className="font-medium text-foreground underline underline-offset-2"
          >
            Inloggen bij {other.name}
          </a>
        </p>
      )}
      {own > 0 && unsent && (
        <UnsentList
          unsent={unsent}
          heading={other ? `In ${AREA_NAMES[other.area === 'sales' ? 'central' : 'sales']}` : null}
        />
      )}
      {other && elsewhere > 0 && <UnsentList unsent={other.unsent} heading={`In ${other.name}`} />}
    </HeaderPopover>
  )
}

/**
 * "2 wijzigingen wachten op verzending"; with the other area's: "3 wijzigingen wachten op
 * verzending (1 in Gold Estates)", or only theirs: "1 wijziging in Gold Estates wacht op
 * verzending" (or "op inloggen" while its session is over).
 */
function describeWaiting(own: number, other: OtherAreaSync | null): string {
  const elsewhere = other?.unsent.length ?? 0
  const total = own + elsewhere
  const changes = total === 1 ? 'wijziging' : 'wijzigingen'
  const waits = total === 1 ? 'wacht' : 'wachten'
  if (!other || elsewhere === 0) return `${total} ${changes} ${waits} op verzending`
  const what = other.isWaitingForSignIn ? 'op inloggen' : 'op verzending'
  if (own === 0) return `${total} ${changes} in ${other.name} ${waits} ${what}`
  return `${total} ${changes} ${waits} op verzending (${elsewhere} in ${other.name}${other.isWaitingForSignIn ? ', wacht op inloggen' : ''})`
}

/** The unsent changes of one area, under its name when both areas have some. */
function UnsentList({
  unsent,
  heading,
}: {
  unsent: readonly UnsentChange[]
  heading: string | null
}) {
  return (
    <section className="grid gap-1.5" aria-label={heading ?? undefined}>
      {heading && <h3 className="font-medium text-muted-foreground text-xs">{heading}</h3>}
      <ul className="grid gap-1.5">
        {unsent.slice(0, LISTED).map((change) => (
          <li
            key={`${change.collection}/${change.id}`}
            className="break-words rounded-lg border px-3 py-2"
          >
            {describeUnsentChange(change)}
          </li>
        ))}
        {unsent.length > LISTED && (
          <li className="text-muted-foreground text-xs">en nog {unsent.length - LISTED}</li>
        )}
      </ul>
    </section>
  )
}
