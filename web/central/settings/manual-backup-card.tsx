import { CloudUpload, HardDriveDownload } from 'lucide-react'
import { useState } from 'react'
import type { BackupSettings } from '#schema/backup-settings'
import { Button } from '../../components/button.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'
import { HeavyWorkPlace } from '../../components/heavy-work-place.tsx'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { downloadBackup } from './backup-actions.ts'
import { runGoogleDriveBackup } from './backup-settings-actions.ts'

const FORMATS = [
  { format: 'json', label: 'Backup maken (JSON)' },
  { format: 'csv', label: 'Backup maken (CSV)' },
] as const

type ManualBackupCardProps = {
  /** Null while the settings could not be loaded: downloads still work. */
  settings: BackupSettings | null
  canManage: boolean
  /** After a Drive backup: the settings show its outcome. */
  onRun: () => void
}

/**
 * Handmatige backup (docs/behaviour.md, Instellingen: Backups): a backup now, as a download, or straight into the
 * Google Drive folder in the chosen formats.
 */
export function ManualBackupCard({ settings, canManage, onRun }: ManualBackupCardProps) {
  const isOnline = useOnlineStatus()
  const [busy, setBusy] = useState<string | null>(null)
  const isConnected = settings?.googleDriveEnabled ?? false

  async function onBackup(format: (typeof FORMATS)[number]['format']) {
    setBusy(format)
    await downloadBackup(format)
    setBusy(null)
  }

  async function onDriveBackup() {
    setBusy('drive')
    try {
      const { uploaded } = await runGoogleDriveBackup()
      const files = uploaded.length === 1 ? '1 bestand staat' : `${uploaded.length} bestanden staan`
      showToast({
        title: 'Backup gemaakt',
        description: `${files} in de map ${settings?.googleDriveFolderName} in Google Drive.`,
      })
    } catch (error) {
      showToast({
        title: 'Backup Mislukt',
        description: describeError(error, 'De backup naar Google Drive is mislukt.'),
        variant: 'destructive',
      })
    } finally {
      setBusy(null)
      onRun()
    }
  }

  return (
    <IconCard
      Icon={HardDriveDownload}
      title="Handmatige backup"
      description="Maak nu een backup, los van het schema: als download of in Google Drive."
    >
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap gap-3">
          {FORMATS.map(({ format, label }) => (
            <Button
              key={format}
              variant="outline"
              disabled={!isOnline || busy !== null}
              onClick={() => onBackup(format)}
            >
              {busy === format ? 'Bezig...' : label}
            </Button>
          ))}
        </div>
        <div>
          <Button
            variant={isConnected ? 'primary' : 'outline'}
            disabled={!isConnected || !canManage || !isOnline || busy !== null}
            onClick={onDriveBackup}
          >
            <CloudUpload aria-hidden />
            {busy === 'drive' ? 'Bezig...' : 'Nu back-up maken naar Google Drive'}
          </Button>
        </div>
        <HeavyWorkPlace area="central" isPending={busy !== null} />
        {!isConnected && (
          <p className="text-muted-foreground text-xs">
            Uploaden naar Google Drive kan zodra Google Drive is gekoppeld.
          </p>
        )}
      </CardContent>
    </IconCard>
  )
}
