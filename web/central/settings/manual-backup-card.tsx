import { HardDriveDownload } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { downloadBackup } from './backup-actions.ts'

const FORMATS = [
  { format: 'json', label: 'Backup maken (JSON)' },
  { format: 'csv', label: 'Backup maken (CSV)' },
] as const

/**
 * Handmatige backup (spec §2 Backups): a backup now, as a download. Uploading it to Google
 * Drive comes with the Drive connection.
 */
export function ManualBackupCard() {
  const isOnline = useOnlineStatus()
  const [busy, setBusy] = useState<string | null>(null)
  async function onBackup(format: (typeof FORMATS)[number]['format']) {
    setBusy(format)
    try {
      showToast({ title: 'Backup gedownload', description: await downloadBackup(format) })
    } catch (error) {
      showToast({
        title: 'Backup Mislukt',
        description: describeError(error, 'De backup kon niet worden gemaakt.'),
        variant: 'destructive',
      })
    } finally {
      setBusy(null)
    }
  }
  return (
    <Card aria-labelledby="manual-backup-title">
      <CardHeader>
        <CardTitle id="manual-backup-title" className="flex items-center gap-2">
          <HardDriveDownload aria-hidden className="size-5 text-primary" />
          Handmatige backup
        </CardTitle>
        <CardDescription>Maak nu een backup, los van het schema, en download hem.</CardDescription>
      </CardHeader>
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
        <p className="text-muted-foreground text-xs">
          Uploaden naar Google Drive kan zodra Google Drive is gekoppeld.
        </p>
      </CardContent>
    </Card>
  )
}
