import { DatabaseBackup, Download, TriangleAlert, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { formatSyncAccount } from '#sync/account'
import { getSessionAccount } from '#sync/client/signed-in-account'
import { Button } from '../../components/button.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'
import { HeavyWorkPlace } from '../../components/heavy-work-place.tsx'
import { useSignedInUser } from '../../lib/current-user.tsx'
import { describeUnsentChange } from '../../lib/describe-sync-change.ts'
import { describeQueuedChange } from '../../lib/offline-queue/describe-queued-change.ts'
import { useSyncQueue } from '../../lib/offline-queue/use-sync-queue.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { useSyncStatus } from '../../lib/use-sync-status.ts'
import {
  BACKUP_DOWNLOADS,
  type ChosenBackup,
  downloadBackup,
  NotJsonError,
  readChosenBackup,
  restoreBackup,
} from './backup-actions.ts'
import { RestoreConfirmDialog } from './restore-confirm-dialog.tsx'

const LISTED = 8

/** The sentence about unsent changes that a restore will not apply, for the note and the dialog. */
function describeUnsentBeforeRestore(count: number) {
  return `Op dit apparaat ${count === 1 ? 'staat 1 wijziging' : `staan ${count} wijzigingen`} die nog niet naar de server ${count === 1 ? 'is' : 'zijn'} verstuurd. Na het terugzetten ${count === 1 ? 'wordt die' : 'worden ze'} niet verwerkt; je vindt ze met je waarden onder Niet verwerkte wijzigingen.`
}

/**
 * SUPERADMIN only (docs/behaviour.md): database backup download (JSON, CSV, SQLite) and restore
 * from a .json file, with the warning that a restore overwrites everything, and the changes
 * of this device not yet sent, named: a restore starts a new epoch, in which they are kept
 * as refusals instead of applied. A restore starts only once the organisation's name is
 * typed in its dialog (RestoreConfirmDialog).
 */
export function AdminToolsCard() {
  const isOnline = useOnlineStatus()
  const user = useSignedInUser()
  const [busy, setBusy] = useState<string | null>(null)
  const [chosen, setChosen] = useState<ChosenBackup | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const { unsent } = useSyncStatus()
  const queue = useSyncQueue(formatSyncAccount(getSessionAccount(user)))
  const unsentNames = [
    ...(unsent ?? []).map(describeUnsentChange),
    ...queue.pending.map(describeQueuedChange),
  ]

  async function onDownload(format: (typeof BACKUP_DOWNLOADS)[number]['format']) {
    setBusy(format)
    await downloadBackup(format)
    setBusy(null)
  }

  async function onChooseFile(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = ''
    if (!file) return
    try {
      setChosen(await readChosenBackup(file))
    } catch (error) {
      showToast({
        title: 'Restore Mislukt',
        description: describeError(error, 'Het gekozen bestand kon niet worden gelezen.'),
        variant: 'destructive',
      })
    }
  }

  async function onRestore(backup: ChosenBackup) {
    setChosen(null)
    setBusy('restore')
    try {
      await restoreBackup(backup.file)
      showToast({
        title: 'Restore Succesvol',
        description: 'De backup is teruggezet. Log opnieuw in.',
      })
      setTimeout(() => window.location.assign('/login'), 2000)
    } catch (error) {
      const description =
        error instanceof NotJsonError
          ? error.message
          : describeError(error, 'De backup kon niet worden teruggezet.')
      showToast({ title: 'Restore Mislukt', description, variant: 'destructive' })
      setBusy(null)
    }
  }

  return (
    <IconCard
      Icon={DatabaseBackup}
      title="Admin Tools"
      description="Download een backup van de database of zet er een terug."
    >
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <h3 className="font-medium text-sm">Database backup</h3>
          <p className="text-muted-foreground text-sm">
            Alle gegevens van je organisatie als bestand, met de datum in de naam.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            {BACKUP_DOWNLOADS.map(({ format, label }) => (
              <Button
                key={format}
                variant="outline"
                disabled={!isOnline || busy !== null}
                onClick={() => onDownload(format)}
              >
                <Download aria-hidden />
                {busy === format ? 'Bezig...' : `Backup ${label}`}
              </Button>
            ))}
          </div>
          <HeavyWorkPlace area="central" isPending={busy !== null && busy !== 'restore'} />
        </div>
        <div className="grid gap-2">
          <h3 className="font-medium text-sm">Database herstellen</h3>
          <p className="text-muted-foreground text-sm">Kies een backupbestand (.json).</p>
          <div
            role="note"
            className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-amber-800 text-sm dark:text-amber-200"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <p>Let op: herstellen overschrijft alle huidige gegevens van je organisatie.</p>
          </div>
          {unsentNames.length > 0 && (
            <div
              role="alert"
              aria-label="Niet verstuurde wijzigingen"
              className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm"
            >
              <p>{describeUnsentBeforeRestore(unsentNames.length)}</p>
              <ul className="list-disc pl-5">
                {unsentNames.slice(0, LISTED).map((name, index) => (
                  // Two changes can read alike; their place in the list tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is only read
                  <li key={index}>{name}</li>
                ))}
                {unsentNames.length > LISTED && <li>en nog {unsentNames.length - LISTED}</li>}
              </ul>
            </div>
          )}
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            className="sr-only"
            aria-label="Backupbestand kiezen"
            onChange={(event) => onChooseFile(event.target.files?.[0])}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="outline"
              disabled={!isOnline || busy !== null}
              onClick={() => fileInput.current?.click()}
            >
              <Upload aria-hidden />
              {busy === 'restore' ? 'Bezig...' : 'Backup terugzetten'}
            </Button>
          </div>
          <HeavyWorkPlace area="central" isPending={busy === 'restore'} />
          <RestoreConfirmDialog
            backup={chosen}
            organisationName={user.organisationName ?? ''}
            unsentNames={unsentNames}
            describeUnsent={describeUnsentBeforeRestore}
            onCancel={() => setChosen(null)}
            onConfirm={onRestore}
          />
        </div>
        {!isOnline && (
          <p className="text-muted-foreground text-xs">
            Backup en herstel werken alleen met verbinding.
          </p>
        )}
      </CardContent>
    </IconCard>
  )
}
