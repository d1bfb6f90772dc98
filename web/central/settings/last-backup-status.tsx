import type { BackupSettings } from '#schema/backup-settings'
import { Badge } from '../../components/badge.tsx'
import { formatDateTime } from '../../lib/format-date.ts'

/** How the last backup to Google Drive went: when, whether it worked, and why not. */
export function LastBackupStatus({ settings }: { settings: BackupSettings }) {
  const { lastBackupAt, lastBackupStatus, lastBackupError } = settings
  return (
    <section aria-label="Laatste backup" className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">Laatste backup</span>
        {lastBackupStatus === 'success' && <Badge variant="success">Gelukt</Badge>}
        {lastBackupStatus === 'failed' && <Badge variant="destructive">Mislukt</Badge>}
      </div>
      <p className="text-muted-foreground">
        {lastBackupAt === null
          ? 'Nog geen backup naar Google Drive gemaakt.'
          : formatDateTime(lastBackupAt)}
      </p>
      {lastBackupError && <p className="break-words text-destructive text-xs">{lastBackupError}</p>}
    </section>
  )
}
