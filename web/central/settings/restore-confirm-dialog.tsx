import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays'
import { TriangleAlert } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../components/button.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { Input } from '../../components/input.tsx'
import { formatDateTime } from '../../lib/format-date.ts'
import type { ChosenBackup } from './backup-actions.ts'

const LISTED = 8

type RestoreConfirmDialogProps = {
  backup: ChosenBackup | null
  organisationName: string
  /** The device's changes not yet on the server, named (they will not be applied). */
  unsentNames: readonly string[]
  describeUnsent: (count: number) => string
  onCancel: () => void
  onConfirm: (backup: ChosenBackup) => void
}

/** "3 dagen oud", "van vandaag": how far the backup lies behind today's data. */
function describeAge(createdAt: number, now: number) {
  const days = differenceInCalendarDays(now, createdAt)
  if (days <= 0) return 'van vandaag'
  return days === 1 ? '1 dag oud' : `${days} dagen oud`
}

/**
 * Asks before a restore replaces everything (docs/behaviour.md, Admin Tools): the backup's
 * moment against today's data, the unsent changes of this device, and the organisation's
 * name typed, as destructive actions in GitHub or Supabase ask; "Backup terugzetten"
 * stays disabled until the name matches.
 */
export function RestoreConfirmDialog(props: RestoreConfirmDialogProps) {
  const { backup, unsentNames } = props
  // A user remembered by an older build carries no name: the file's, or a word, then.
  const organisationName = props.organisationName || backup?.organisationName || 'herstellen'
  const [typed, setTyped] = useState('')
  const inputId = useId()
  const isMatch = typed.trim() === organisationName
  const now = Date.now()

  function close(open: boolean) {
    if (open) return
    setTyped('')
    props.onCancel()
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!backup || !isMatch) return
    setTyped('')
    props.onConfirm(backup)
  }

  return (
    <Dialog
      open={backup !== null}
      onOpenChange={close}
      title="Backup terugzetten"
      description="Dit vervangt alle gegevens van je organisatie en kan niet ongedaan worden gemaakt."
    >
      {backup && (
        <form onSubmit={onSubmit} className="grid gap-4 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border bg-muted/40 p-3">
            <dt className="text-muted-foreground">Backup van</dt>
            <dd className="font-medium">
              {formatDateTime(backup.createdAt)} ({describeAge(backup.createdAt, now)})
            </dd>
            <dt className="text-muted-foreground">Vervangt</dt>
            <dd className="font-medium">de gegevens van vandaag, {formatDateTime(now)}</dd>
          </dl>
          <p
            role="note"
            className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-amber-800 dark:text-amber-200"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              Alles wat sinds {formatDateTime(backup.createdAt)} in {organisationName} is veranderd,
              gaat verloren. Iedereen wordt afgemeld en logt opnieuw in.
            </span>
          </p>
          {unsentNames.length > 0 && (
            <section
              aria-label="Niet verstuurde wijzigingen"
              className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-destructive"
            >
              <p>{props.describeUnsent(unsentNames.length)}</p>
              <ul className="list-disc pl-5">
                {unsentNames.slice(0, LISTED).map((name, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two changes can read alike
                  <li key={index}>{name}</li>
                ))}
                {unsentNames.length > LISTED && <li>en nog {unsentNames.length - LISTED}</li>}
              </ul>
            </section>
          )}
          <div className="grid gap-2">
            <label htmlFor={inputId} className="leading-snug">
              Typ <strong className="font-semibold">{organisationName}</strong> om te bevestigen
            </label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => close(false)}>
              Annuleren
            </Button>
            <Button type="submit" variant="destructive" disabled={!isMatch}>
              Backup terugzetten
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
