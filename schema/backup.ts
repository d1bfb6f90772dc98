import { z } from 'zod'

/** The JSON backup format this version writes and reads. */
export const BACKUP_FORMAT = 'centraal-backup'
export const BACKUP_FORMAT_VERSION = 1

/** Download formats of POST /api/admin/backup. */
export const BACKUP_FORMATS = ['json', 'csv', 'sqlite'] as const
export type BackupFormat = (typeof BACKUP_FORMATS)[number]

/** POST /api/admin/backup. */
export const BackupRequestSchema = z.object({ format: z.enum(BACKUP_FORMATS).default('json') })

/** A row as SQLite stores it: column name → value. */
const RowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]))

/** The shape of a JSON backup; references and columns are checked on restore. */
export const BackupDocumentSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { message: 'Dit is geen Centraal-backup' }),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION, {
    message: `Alleen backups van formaatversie ${BACKUP_FORMAT_VERSION} kunnen worden teruggezet`,
  }),
  createdAt: z.number(),
  organisation: z.object({ id: z.string(), name: z.string(), slug: z.string() }).loose(),
  tables: z.record(z.string(), z.array(RowSchema)),
})

/** A parsed JSON backup. */
export type BackupDocument = z.infer<typeof BackupDocumentSchema>
