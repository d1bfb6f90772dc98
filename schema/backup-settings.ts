import { z } from './zod.ts'

// Instellingen → Backups: the Google Drive connection and the automatic backup
// (docs/behaviour.md: backup_settings, the backup calls, constants).

/** Constants (docs/behaviour.md): how long automatic backups are kept, in days. */
export const RETENTION_DAYS = [7, 14, 30, 60, 90, 180, 365] as const
/** Constants (docs/behaviour.md): 30 days unless chosen otherwise. */
export const DEFAULT_RETENTION_DAYS = 30

/** Constants (docs/behaviour.md): daily at 02:00, as the cron expression the server stores. */
export const DEFAULT_BACKUP_SCHEDULE = '0 2 * * *'

/** Formats an automatic backup can upload (docs/behaviour.md, Constants); both unless chosen otherwise. */
export const DRIVE_BACKUP_FORMATS = ['json', 'csv'] as const
/** One format of an automatic backup. */
export type DriveBackupFormat = (typeof DRIVE_BACKUP_FORMATS)[number]

/** The Drive folder backups go to unless another name is chosen. */
export const DEFAULT_DRIVE_FOLDER_NAME = 'Centraal Backups'

/** Query parameter on /settings?tab=backups that tells how a connection attempt ended. */
export const DRIVE_RESULT_PARAM = 'googleDrive'
/** Values of DRIVE_RESULT_PARAM. */
export const DRIVE_RESULTS = { connected: 'verbonden', failed: 'mislukt' } as const

const DAILY_CRON = /^(\d{1,2}) (\d{1,2}) \* \* \*$/

/** The hour and minute of a daily cron 'minute hour * * *', or undefined for anything else. */
export function parseDailyCron(cron: string): { hour: number; minute: number } | undefined {
  const match = DAILY_CRON.exec(cron)
  if (!match) return undefined
  const minute = Number(match[1])
  const hour = Number(match[2])
  return minute <= 59 && hour <= 23 ? { hour, minute } : undefined
}

/** The cron expression for a daily time 'HH:MM' (docs/behaviour.md: 'minute hour * * *'). */
export function toDailyCron(time: string): string {
  const [hour = '2', minute = '0'] = time.split(':')
  return `${Number(minute)} ${Number(hour)} * * *`
}

/** The 'HH:MM' a daily cron runs at (02:00 for anything that is not one). */
export function toDailyTime(cron: string): string {
  const { hour, minute } = parseDailyCron(cron) ?? { hour: 2, minute: 0 }
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}

/** The formats of a comma list, in the order of DRIVE_BACKUP_FORMATS. */
export function parseBackupFormats(list: string): DriveBackupFormat[] {
  const chosen = new Set(list.split(',').map((format) => format.trim()))
  return DRIVE_BACKUP_FORMATS.filter((format) => chosen.has(format))
}

const BackupScheduleSchema = z
  .string()
  .trim()
  .refine((cron) => parseDailyCron(cron) !== undefined, {
    message: "Schema moet een dagelijkse cron 'minuut uur * * *' zijn (bijv. '0 2 * * *')",
  })

const BackupFormatsSchema = z
  .string()
  .refine(
    (list) =>
      list
        .split(',')
        .every((format) => (DRIVE_BACKUP_FORMATS as readonly string[]).includes(format.trim())),
    { message: 'Formaten moeten json en/of csv zijn, gescheiden door komma’s' },
  )
  .transform((list) => parseBackupFormats(list).join(','))
  .refine((list) => list.length > 0, { message: 'Kies minstens één formaat' })

/** POST /api/backup/settings: any of the settings; connection and tokens are not settable here. */
export const BackupSettingsUpdateSchema = z
  .object({
    googleDriveFolderName: z
      .string()
      .trim()
      .min(1, { message: 'Mapnaam is verplicht' })
      .max(100, { message: 'Mapnaam mag maximaal 100 tekens zijn' }),
    autoBackupEnabled: z.boolean(),
    backupSchedule: BackupScheduleSchema,
    retentionDays: z
      .number()
      .int()
      .refine((days) => (RETENTION_DAYS as readonly number[]).includes(days), {
        message: `Bewaartermijn moet een van ${RETENTION_DAYS.join(', ')} dagen zijn`,
      }),
    backupFormats: BackupFormatsSchema,
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Geen wijzigingen opgegeven' })

/** A parsed POST /api/backup/settings body. */
export type BackupSettingsUpdate = z.infer<typeof BackupSettingsUpdateSchema>

/** How the last automatic or manual Drive backup ended. */
export type BackupRunStatus = 'success' | 'failed'

/** GET /api/backup/settings (never tokens). */
export type BackupSettings = {
  /** Whether this installation has Google OAuth credentials at all. */
  googleDriveConfigured: boolean
  /** Connected: tokens are stored. */
  googleDriveEnabled: boolean
  googleDriveFolderName: string
  autoBackupEnabled: boolean
  retentionDays: number
  backupFormats: string
  backupSchedule: string
  lastBackupAt: number | null
  lastBackupStatus: BackupRunStatus | null
  lastBackupError: string | null
  /** When the automatic backup runs next (server local time), null when it is off. */
  nextBackupAt: number | null
}

/** The answer of POST /api/backup/google-drive/run. */
export type BackupRunResult = {
  status: BackupRunStatus
  at: number
  /** Names of the files uploaded in this run. */
  uploaded: string[]
  /** How many expired backups were deleted. */
  deleted: number
  error: string | null
}

/** GET /api/backup/google-drive/callback: what Google sends back to the redirect URI. */
export const DriveCallbackQuerySchema = z.object({
  state: z.string().min(1).max(200).optional(),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
})
