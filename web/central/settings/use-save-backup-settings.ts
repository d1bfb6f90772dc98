import { type BackupSettings, BackupSettingsUpdateSchema } from '#schema/backup-settings'
import { savedToast, saveFailedToast } from '../../lib/save-toasts.ts'
import { useSave } from '../../lib/use-save.tsx'
import { saveBackupSettings } from './backup-settings-actions.ts'

/**
 * Checks and saves some of the backup settings for a form of the Backups tab: a refused
 * value or a failed save becomes the form's `problem`. Offline the change waits in the
 * queue, and the form then shows what was sent.
 */
export function useSaveBackupSettings(
  settings: BackupSettings,
  onSaved: (settings: BackupSettings) => void,
) {
  const { problem, isSaving, save } = useSave(
    BackupSettingsUpdateSchema,
    async (changes) => {
      const { response, settings: saved } = await saveBackupSettings(changes)
      onSaved(saved ?? { ...settings, ...changes })
      return response
    },
    { savedToast, failedToast: saveFailedToast, failedText: 'Opslaan mislukt' },
  )
  return { problem, isSaving, save }
}
