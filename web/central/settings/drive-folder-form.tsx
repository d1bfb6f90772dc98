import { type FormEvent, useState } from 'react'
import { type BackupSettings, BackupSettingsUpdateSchema } from '#schema/backup-settings'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { describeError } from '../../lib/server-message.ts'
import { saveBackupSettings } from './backup-settings-actions.ts'
import { showSavedToast, showSaveFailedToast } from './save-toasts.ts'

type DriveFolderFormProps = {
  settings: BackupSettings
  canManage: boolean
  onSaved: (settings: BackupSettings) => void
}

/** The name of the Drive folder backups go to; a new name means a new folder. */
export function DriveFolderForm({ settings, canManage, onSaved }: DriveFolderFormProps) {
  const [folderName, setFolderName] = useState(settings.googleDriveFolderName)
  const [problem, setProblem] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)
  const isChanged = folderName.trim() !== settings.googleDriveFolderName

  async function save(event: FormEvent) {
    event.preventDefault()
    const changes = BackupSettingsUpdateSchema.safeParse({ googleDriveFolderName: folderName })
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

  return (
    <form onSubmit={save} noValidate className="grid gap-2">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field
            label="Map in Google Drive"
            name="googleDriveFolderName"
            value={folderName}
            onChange={(event) => setFolderName(event.target.value)}
            readOnly={!canManage}
            maxLength={100}
          />
        </div>
        {canManage && (
          <Button type="submit" variant="outline" disabled={isSaving || !isChanged}>
            {isSaving ? 'Opslaan...' : 'Opslaan'}
          </Button>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
    </form>
  )
}
