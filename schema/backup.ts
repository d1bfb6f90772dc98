import { z } from './zod.ts'

/** The JSON backup format this version writes and reads. */
export const BACKUP_FORMAT = 'centraal-backup'
export const BACKUP_FORMAT_VERSION = 2

/** Download formats of POST /api/admin/backup. */
export const BACKUP_FORMATS = ['json', 'csv', 'sqlite'] as const
export type BackupFormat = (typeof BACKUP_FORMATS)[number]

/** POST /api/admin/backup. */
export const BackupRequestSchema = z.object({ format: z.enum(BACKUP_FORMATS).default('json') })

/** A value as SQLite stores it. */
export type BackupValue = string | number | null

/** One table: its column names once, then each row as values in that order. */
export type BackupTable = { columns: string[]; rows: BackupValue[][] }

/** What a JSON backup says besides its tables. Tables and rows are checked on restore. */
export const BackupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { message: 'Dit is geen Centraal-backup' }),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION, {
    message: `Alleen backups van formaatversie ${BACKUP_FORMAT_VERSION} kunnen worden teruggezet`,
  }),
  createdAt: z.number(),
  organisation: z.object({ id: z.string(), name: z.string(), slug: z.string() }).loose(),
})

/** A JSON backup. */
export type BackupDocument = z.infer<typeof BackupHeaderSchema> & {
  tables: Record<string, BackupTable>
}
