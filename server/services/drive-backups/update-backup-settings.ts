import { type BackupSettingsUpdate, DEFAULT_DRIVE_FOLDER_NAME } from '#schema/backup-settings'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findBackupSettings, isDriveConnected } from './find-backup-settings.ts'
import { getBackupSettings } from './get-backup-settings.ts'
import { writeBackupSettings } from './write-backup-settings.ts'

/**
 * Saves the automatic-backup settings (docs/behaviour.md). Automatic backups can be switched on only
 * with a Drive connection (docs/behaviour.md, Instellingen). A new folder name forgets the folder id, so the next
 * backup finds or creates the folder of that name.
 */
export function updateBackupSettings(ctx: ServiceContext, changes: BackupSettingsUpdate) {
  requirePermission(ctx.actor, 'backup.run')
  const organisationId = ctx.actor.organisationId
  ctx.db.transaction((tx) => {
    const row = findBackupSettings(tx, organisationId)
    if (changes.autoBackupEnabled && !isDriveConnected(row)) {
      throw new AppError(
        'conflict',
        'Automatische backups kunnen pas aan als Google Drive is verbonden',
      )
    }
    const currentFolder = row.googleDriveFolderName ?? DEFAULT_DRIVE_FOLDER_NAME
    const isNewFolder =
      changes.googleDriveFolderName !== undefined && changes.googleDriveFolderName !== currentFolder
    writeBackupSettings(
      tx,
      organisationId,
      ctx.actor,
      { ...changes, ...(isNewFolder && { googleDriveFolderId: null }) },
      { action: 'Backupinstellingen bijgewerkt', metadata: { changes } },
    )
  })
  return getBackupSettings(ctx)
}
