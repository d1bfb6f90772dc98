/** Spec §9: how long backups are kept, in days; 30 unless chosen otherwise. */
export const RETENTION_DAYS = [7, 14, 30, 60, 90, 180, 365] as const
export const DEFAULT_RETENTION_DAYS = 30

/** Spec §9: daily at 02:00 (cron '0 2 * * *'). */
export const DEFAULT_BACKUP_TIME = '02:00'

/** Spec §9: both formats unless chosen otherwise. */
export const BACKUP_FORMATS = ['json', 'csv'] as const
export type BackupFormat = (typeof BACKUP_FORMATS)[number]

/** The cron expression the server stores for a daily time ('minute hour * * *', spec §7). */
export function toDailyCron(time: string): string {
  const [hour = '2', minute = '0'] = time.split(':')
  return `${Number(minute)} ${Number(hour)} * * *`
}

/** Told wherever Google Drive would be needed before it is set up. */
export const DRIVE_NOT_CONFIGURED = 'Google Drive is nog niet geconfigureerd'
