import { parseResponse } from 'hono/client'
import type { BackupSettingsUpdate } from '#schema/backup-settings'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'

const drive = api.backup['google-drive']

/** GET /api/backup/settings, for useServerData. */
export const BACKUP_SETTINGS_URL = '/api/backup/settings'

/** The stored settings and what only the server knows. */
export async function loadBackupSettings() {
  return (await api.backup.settings.$get()).json()
}

/**
 * Saves some of the settings (docs/behaviour.md). Offline the change waits in the queue; the answer is
 * then null and the caller shows what was sent.
 */
export async function saveBackupSettings(changes: BackupSettingsUpdate) {
  const response = await api.backup.settings.$post({ json: changes })
  return { response, settings: isQueuedResponse(response) ? null : await response.json() }
}

/** Asks for Google's consent screen and goes there; the callback returns to the Backups tab. */
export async function connectGoogleDrive() {
  const { url } = await (await drive.connect.$post()).json()
  window.location.assign(url)
}

/** Ends the connection; the answer is the settings after it. */
export async function disconnectGoogleDrive() {
  return (await drive.disconnect.$post()).json()
}

/** Makes a backup to Google Drive now; throws with the server's reason when it failed. */
export async function runGoogleDriveBackup() {
  // The route also declares its failure (502 with the run's result), which the client
  // throws as ApiError: parseResponse types the answer as the successful one alone.
  return parseResponse(drive.run.$post())
}
