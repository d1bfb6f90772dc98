import { type FormEvent, useState } from 'react'
import type { BackupSettings } from '#schema/backup-settings'
import { ProblemLine } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { useSaveBackupSettings } from './use-save-backup-settings.ts'

type DriveFolderFormProps = {
  settings: BackupSettings
  canManage: boolean
  onSaved: (settings: BackupSettings) => void
}

/** The name of the Drive folder backups go to; a new name means a new folder. */
export function DriveFolderForm({ settings, canManage, onSaved }: DriveFolderFormProps) {
  const [folderName, setFolderName] = useState(settings.googleDriveFolderName)
  const { problem, isSaving, save } = useSaveBackupSettings(settings, onSaved)
  const isChanged = folderName.trim() !== settings.googleDriveFolderName

  function submit(event: FormEvent) {
    event.preventDefault()
    void save({ googleDriveFolderName: folderName })
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
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
      <ProblemLine problem={problem} />
    </form>
  )
}
