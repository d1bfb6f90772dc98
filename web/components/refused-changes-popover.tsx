import { ShieldAlert } from 'lucide-react'
import * as Popover from 'radix-ui/popover'
import { Link } from 'react-router-dom'
import type { RefusedChange } from '#sync/client/sync-status'
import { formatMoment } from '../lib/format-date.ts'
import { Button, buttonClass } from './button.tsx'
import { HeaderPopover } from './header-popover.tsx'

type RefusedChangesPopoverProps = {
  refused: readonly RefusedChange[]
  /** "Gebruiker Jan Jansen": what a refused change was about. */
  describe: (change: RefusedChange) => string
  onDismiss: () => void
  /** The area's page "Niet verwerkte wijzigingen", which the server's copy fills. */
  viewAllPath: string
  /** The person's unread refusals on the server (null: not known), shown after a reload. */
  storedCount: number | null
}

/** The refusal buttons' colour, which stays on hover. */
const WARNING_CLASS = 'text-destructive hover:text-destructive'

/**
 * A header button with the count of local changes the server refused, opening the list
 * with each reason. The change itself was undone to the server's state, never silently.
 * This tab forgets its list on a reload; the server keeps them, so then the button is a
 * link to the page that lists the server's copy.
 */
export function RefusedChangesPopover({
  refused,
  describe,
  onDismiss,
  viewAllPath,
  storedCount,
}: RefusedChangesPopoverProps) {
  if (refused.length === 0) {
    if (!storedCount) return null
    return (
      <Link
        to={viewAllPath}
        aria-label={`Niet verwerkte wijzigingen: ${storedCount}`}
        title="Niet verwerkte wijzigingen"
        className={buttonClass('ghost', 'sm', `gap-1.5 px-2.5 ${WARNING_CLASS}`)}
      >
        <ShieldAlert aria-hidden />
        <span className="tabular-nums">{storedCount}</span>
      </Link>
    )
  }
  const label = `${refused.length} ${refused.length === 1 ? 'wijziging' : 'wijzigingen'} geweigerd`
  const now = Date.now()
  return (
    <HeaderPopover
      label="Geweigerde wijzigingen"
      state={refused.length}
      title={label}
      buttonClassName={WARNING_CLASS}
      button={
        <>
          <ShieldAlert aria-hidden />
          <span className="tabular-nums">{refused.length}</span>
        </>
      }
    >
      <div className="grid gap-0.5">
        <h2 className="font-semibold text-sm">Geweigerd ({refused.length})</h2>
        <p className="text-muted-foreground text-xs">
          De server nam deze wijzigingen niet aan; ze zijn teruggezet naar de stand van de server.
        </p>
      </div>
      <ul className="grid gap-2">
        {refused.map((change) => (
          <li
            key={`${change.collection}-${change.id}-${change.at}`}
            className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          >
            <p className="break-words font-medium">{describe(change)}</p>
            <p className="break-words text-destructive text-xs">{change.reason}</p>
            <p className="text-muted-foreground text-xs">{formatMoment(change.at, now)}</p>
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" size="sm" onClick={onDismiss}>
          Lijst wissen
        </Button>
        <Popover.Close asChild>
          <Link to={viewAllPath} className={buttonClass('secondary', 'sm')}>
            Alles bekijken
          </Link>
        </Popover.Close>
      </div>
    </HeaderPopover>
  )
}
