import { DEFAULT_BACKUP_SCHEDULE, DRIVE_BACKUP_FORMATS, toDailyTime } from '#schema/backup-settings'

export {
  DEFAULT_RETENTION_DAYS,
  type DriveBackupFormat as BackupFormat,
  parseBackupFormats,
  RETENTION_DAYS,
  toDailyCron,
  toDailyTime,
} from '#schema/backup-settings'

/** Constants (docs/behaviour.md): both formats unless chosen otherwise. */
export const BACKUP_FORMATS = DRIVE_BACKUP_FORMATS

/** Constants (docs/behaviour.md): daily at 02:00. */
export const DEFAULT_BACKUP_TIME = toDailyTime(DEFAULT_BACKUP_SCHEDULE)

/** Told wherever Google Drive would be needed before the server is set up for it. */
export const DRIVE_NOT_CONFIGURED = 'Google Drive is nog niet geconfigureerd'
