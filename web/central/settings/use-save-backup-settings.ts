import { useState } from 'react'
import type { z } from 'zod'
import { type BackupSettings, BackupSettingsUpdateSchema } from '#schema/backup-settings'
import { describeError } from '../../lib/server-message.ts'
import { saveBackupSettings } from './backup-settings-actions.ts'
import { showSavedToast, showSaveFailedToast } from './save-toasts.ts'

/**
 * Checks and saves some of the backup settings for a form of the Backups tab: a refused
 * value or a failed save becomes the form's `problem`. Offline the change waits in the
 * queue, and the form then shows what was sent.
 */
export function useSaveBackupSettings(
  settings: BackupSettings,
  onSaved: (settings: BackupSettings) => void,
) {
  const [problem, setProblem] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)

  async function save(input: z.input<typeof BackupSettingsUpdateSchema>) {
    const changes = BackupSettingsUpdateSchema.safeParse(input)
    if (!changes.success) {
      setProblem(changes.error.issues[0]?.message ?? 'Ongeldige invoer')
      return
    }
    setProblem(undefined)
    setIsSaving(true)
    try {
      const { response, settings: saved } = await saveBackupSettings(changes.data)
      onSaved(saved ?? { ...settings, ...changes.data })
      showSavedToast(response)
    } catch (error) {
      showSaveFailedToast(error)
      setProblem(describeError(error, 'Opslaan mislukt'))
    } finally {
      setIsSaving(false)
    }
  }

  return { problem, isSaving, save }
}
