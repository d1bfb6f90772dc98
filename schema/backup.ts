import { z } from 'zod'

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

// Rows are only required to be arrays here: a backup holds hundreds of thousands of them,
// and the restore checks every value against its table's columns in one pass anyway.
const RowSchema = z.custom<BackupValue[]>((value) => Array.isArray(value), {
  message: 'een rij moet een lijst van waarden zijn',
})

/** One table: its column names once, then each row as values in that order. */
const TableSchema = z.object({ columns: z.array(z.string()), rows: z.array(RowSchema) })
export type BackupTable = z.infer<typeof TableSchema>

/** The shape of a JSON backup; references and columns are checked on restore. */
export const BackupDocumentSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { message: 'Dit is geen Centraal-backup' }),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION, {
    message: `Alleen backups van formaatversie ${BACKUP_FORMAT_VERSION} kunnen worden teruggezet`,
  }),
  createdAt: z.number(),
  organisation: z.object({ id: z.string(), name: z.string(), slug: z.string() }).loose(),
  tables: z.record(z.string(), TableSchema),
})

/** A parsed JSON backup. */
export type BackupDocument = z.infer<typeof BackupDocumentSchema>
