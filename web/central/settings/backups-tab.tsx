import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'
import { DRIVE_RESULT_PARAM, DRIVE_RESULTS } from '#schema/backup-settings'
import { Alert } from '../../components/alert.tsx'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import { useHasPermission } from '../../lib/use-permission.ts'
import { useServerData } from '../../lib/use-server-data.ts'
import { AutoBackupCard } from './auto-backup-card.tsx'
import { DRIVE_NOT_CONFIGURED } from './backup-options.ts'
import { BACKUP_SETTINGS_URL, loadBackupSettings } from './backup-settings-actions.ts'
import { CloudStorageCard } from './cloud-storage-card.tsx'
import { ManualBackupCard } from './manual-backup-card.tsx'

/**
 * Google's callback sends the browser back here with ?googleDrive=verbonden|mislukt: say how
 * it went (docs/behaviour.md, Instellingen: Backups) once, and take the word out of the address.
 */
function useConnectionResultToast() {
  const [searchParams, setSearchParams] = useSearchParams()
  const result = searchParams.get(DRIVE_RESULT_PARAM)
  const isShown = useRef(false)
  useEffect(() => {
    if (!result || isShown.current) return
    isShown.current = true
    if (result === DRIVE_RESULTS.connected) showToast({ title: 'Verbonden!' })
    else {
      showToast({
        title: 'Connection Mislukt',
        description: 'Kon niet verbinden met Google Drive',
        variant: 'destructive',
      })
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(DRIVE_RESULT_PARAM)
        return next
      },
      { replace: true },
    )
  }, [result, setSearchParams])
}

/** Instellingen → Backups (docs/behaviour.md): storage connection, automatic and manual backups. */
export function BackupsTab() {
  useConnectionResultToast()
  const { state, replace, reload } = useServerData(BACKUP_SETTINGS_URL, loadBackupSettings)
  const canManage = useHasPermission('backup.run')
  if (state.status === 'loading') {
    return <p className="text-muted-foreground text-sm">Laden...</p>
  }
  if (state.status === 'failed') {
    return (
      <div className="grid gap-6">
        <Alert variant="destructive" title="Backupinstellingen konden niet worden geladen">
          {describeError(state.error, 'Probeer het later opnieuw.')}
        </Alert>
        <ManualBackupCard settings={null} canManage={canManage} onRun={reload} />
      </div>
    )
  }
  const settings = state.data
  return (
    <div className="grid gap-6">
      {!settings.googleDriveConfigured && (
        <Alert title={DRIVE_NOT_CONFIGURED}>
          De beheerder van de server stelt eerst een Google-koppeling in (GOOGLE_CLIENT_ID en
          GOOGLE_CLIENT_SECRET). Tot dan kun je hieronder backups downloaden.
        </Alert>
      )}
      {state.isFromCache && (
        <Alert title="Offline">Je ziet de laatst bekende instellingen van dit apparaat.</Alert>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <CloudStorageCard settings={settings} canManage={canManage} onChanged={replace} />
          <ManualBackupCard settings={settings} canManage={canManage} onRun={reload} />
        </div>
        <AutoBackupCard
          // A new connection state (or a disconnect) starts the form from the stored settings.
          key={String(settings.googleDriveEnabled)}
          settings={settings}
          canManage={canManage}
          onSaved={replace}
        />
      </div>
    </div>
  )
}
