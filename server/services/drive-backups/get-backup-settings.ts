import type { BackupRunStatus, BackupSettings } from '#schema/backup-settings'
import { DEFAULT_DRIVE_FOLDER_NAME } from '#schema/backup-settings'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findBackupSettings, isDriveConnected } from './find-backup-settings.ts'

/** The settings the Backups tab shows, without tokens; the caller adds what the server knows. */
export function getBackupSettings(
  ctx: ServiceContext,
): Omit<BackupSettings, 'googleDriveConfigured' | 'nextBackupAt'> {
  requirePermission(ctx.actor, 'settings.read')
  const row = findBackupSettings(ctx.db, ctx.actor.organisationId)
  return {
    googleDriveEnabled: isDriveConnected(row),
    googleDriveFolderName: row.googleDriveFolderName ?? DEFAULT_DRIVE_FOLDER_NAME,
    autoBackupEnabled: row.autoBackupEnabled,
    retentionDays: row.retentionDays,
    backupFormats: row.backupFormats,
    backupSchedule: row.backupSchedule,
    lastBackupAt: row.lastBackupAt,
    lastBackupStatus: row.lastBackupStatus as BackupRunStatus | null,
    lastBackupError: row.lastBackupError,
  }
}
