import { Cloud, Link2, Unlink } from 'lucide-react'
import { useState } from 'react'
import type { BackupSettings } from '#schema/backup-settings'
import { Badge } from '../../components/badge.tsx'
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
import { connectGoogleDrive, disconnectGoogleDrive } from './backup-settings-actions.ts'
import { DriveFolderForm } from './drive-folder-form.tsx'
import { LastBackupStatus } from './last-backup-status.tsx'

const DISCONNECT_CONFIRMATION =
  'Google Drive ontkoppelen? Automatische backups stoppen; de backups in Google Drive blijven staan.'

type CloudStorageCardProps = {
  settings: BackupSettings
  canManage: boolean
  onChanged: (settings: BackupSettings) => void
}

/**
 * The connection to Google Drive (docs/behaviour.md, Instellingen: Backups): connect through Google's consent screen,
 * the folder backups go to, how the last backup went, and Ontkoppelen.
 */
export function CloudStorageCard({ settings, canManage, onChanged }: CloudStorageCardProps) {
  const isOnline = useOnlineStatus()
  const [busy, setBusy] = useState<'connect' | 'disconnect' | null>(null)
  const isConnected = settings.googleDriveEnabled
  const canAct = canManage && isOnline && busy === null

  async function onConnect() {
    setBusy('connect')
    try {
      await connectGoogleDrive()
    } catch {
      showToast({
        title: 'Connection Mislukt',
        description: 'Kon niet verbinden met Google Drive',
        variant: 'destructive',
      })
      setBusy(null)
    }
  }

  async function onDisconnect() {
    if (!window.confirm(DISCONNECT_CONFIRMATION)) return
    setBusy('disconnect')
    try {
      onChanged(await disconnectGoogleDrive())
      showToast({ title: 'Ontkoppeld', description: 'Automatische backups staan uit.' })
    } catch (error) {
      showToast({
        title: 'Ontkoppelen mislukt',
        description: describeError(error, 'Er is iets misgegaan. Probeer het opnieuw.'),
        variant: 'destructive',
      })
    } finally {
      setBusy(null)
    }
  }

  return (
    <Card aria-labelledby="cloud-storage-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="cloud-storage-title" className="flex items-center gap-2">
            <Cloud aria-hidden className="size-5 text-primary" />
            Cloudopslag
          </CardTitle>
          {isConnected ? (
            <Badge variant="success">Verbonden</Badge>
          ) : (
            <Badge variant="secondary">Niet verbonden</Badge>
          )}
        </div>
        <CardDescription>
          Bewaar backups in een map in Google Drive, buiten deze server.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!settings.googleDriveConfigured && (
          <p className="rounded-lg border border-dashed p-3 text-muted-foreground text-sm">
            Een beheerder van de server stelt de Google-koppeling in; daarna kun je hier verbinden.
          </p>
        )}
        {settings.googleDriveConfigured && !isConnected && (
          <p className="text-muted-foreground text-sm">
            Backups komen in de map <strong>{settings.googleDriveFolderName}</strong>. Centraal ziet
            in je Drive alleen de bestanden die het zelf maakt.
          </p>
        )}
        {isConnected && (
          <>
            <DriveFolderForm settings={settings} canManage={canManage} onSaved={onChanged} />
            <LastBackupStatus settings={settings} />
          </>
        )}
        {!canManage && (
          <p className="text-muted-foreground text-xs">
            Alleen een beheerder kan Google Drive verbinden en backups instellen.
          </p>
        )}
        <div>
          {isConnected ? (
            <Button variant="outline" disabled={!canAct} onClick={onDisconnect}>
              <Unlink aria-hidden />
              {busy === 'disconnect' ? 'Bezig...' : 'Ontkoppelen'}
            </Button>
          ) : (
            <Button
              variant={settings.googleDriveConfigured ? 'primary' : 'outline'}
              disabled={!settings.googleDriveConfigured || !canAct}
              onClick={onConnect}
            >
              <Link2 aria-hidden />
              {busy === 'connect' ? 'Bezig...' : 'Verbinden met Google Drive'}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
