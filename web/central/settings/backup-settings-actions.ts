import type { BackupRunResult, BackupSettings, BackupSettingsUpdate } from '#schema/backup-settings'
import { apiRequest, isQueuedResponse } from '../../lib/api-request.ts'

/** GET /api/backup/settings. */
export const BACKUP_SETTINGS_URL = '/api/backup/settings'

/**
 * Saves some of the settings (docs/behaviour.md). Offline the change waits in the queue; the answer is
 * then null and the caller shows what was sent.
 */
export async function saveBackupSettings(changes: BackupSettingsUpdate) {
  const response = await apiRequest('POST', BACKUP_SETTINGS_URL, changes)
  return {
    response,
    settings: isQueuedResponse(response) ? null : ((await response.json()) as BackupSettings),
  }
}

/** Asks for Google's consent screen and goes there; the callback returns to the Backups tab. */
export async function connectGoogleDrive() {
  const response = await apiRequest('POST', '/api/backup/google-drive/connect')
  const { url } = (await response.json()) as { url: string }
  window.location.assign(url)
}

/** Ends the connection; the answer is the settings after it. */
export async function disconnectGoogleDrive() {
  const response = await apiRequest('POST', '/api/backup/google-drive/disconnect')
  return (await response.json()) as BackupSettings
}

/** Makes a backup to Google Drive now; throws with the server's reason when it failed. */
export async function runGoogleDriveBackup() {
  const response = await apiRequest('POST', '/api/backup/google-drive/run')
  return (await response.json()) as BackupRunResult
}
