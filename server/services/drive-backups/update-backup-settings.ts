import { eq } from 'drizzle-orm'
import { type BackupSettingsUpdate, DEFAULT_DRIVE_FOLDER_NAME } from '#schema/backup-settings'
import { backupSettings } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../http/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findBackupSettings, isDriveConnected } from './find-backup-settings.ts'
import { getBackupSettings } from './get-backup-settings.ts'

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
    tx.update(backupSettings)
      .set({
        ...changes,
        ...(isNewFolder && { googleDriveFolderId: null }),
        updatedAt: Date.now(),
      })
      .where(eq(backupSettings.organisationId, organisationId))
      .run()
    appendActivity(tx, organisationId, ctx.actor, {
      type: 'settings',
      action: 'Backupinstellingen bijgewerkt',
      metadata: { changes },
    })
  })
  return getBackupSettings(ctx)
}
