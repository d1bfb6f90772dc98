import { eq } from 'drizzle-orm'
import { backupSettings } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'

/** The organisation's backup_settings row (seeded when its file opens). */
export function findBackupSettings(db: Pick<OrganisationDb, 'select'>, organisationId: string) {
  const row = db
    .select()
    .from(backupSettings)
    .where(eq(backupSettings.organisationId, organisationId))
    .get()
  if (!row) throw new Error(`backup_settings of ${organisationId} missing`)
  return row
}

/** Connected to Google Drive: switched on and a refresh token kept (a restore blanks tokens). */
export function isDriveConnected(row: ReturnType<typeof findBackupSettings>) {
  return row.googleDriveEnabled && row.googleRefreshToken !== null
}
