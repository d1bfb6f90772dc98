import type { drive_v3 } from '@googleapis/drive'
import { format } from 'date-fns/format'
import { eq } from 'drizzle-orm'
import type { OAuth2Client } from 'google-auth-library'
import {
  type BackupRunResult,
  DEFAULT_DRIVE_FOLDER_NAME,
  parseBackupFormats,
} from '#schema/backup-settings'
import { backupSettings } from '#schema/db/organisation'
import type { Actor } from '../../context.ts'
import type { OrganisationCache } from '../../db/organisation-cache.ts'
import type { Env } from '../../env.ts'
import type { HeavyWorkPool } from '../../heavy-work/heavy-work-pool.ts'
import { describeGoogleError } from '../../integrations/google/describe-google-error.ts'
import {
  createDriveClient,
  deleteDriveFile,
  findOrCreateFolder,
  listExpiredBackups,
  uploadBackupFile,
} from '../../integrations/google/drive-backups.ts'
import { createGoogleOAuthClient } from '../../integrations/google/oauth-client.ts'
import type { Logger } from '../../logger.ts'
import { readDriveCredentials, sealDriveCredentials } from './drive-credentials.ts'
import { findBackupSettings, isDriveConnected } from './find-backup-settings.ts'
import { UploadFailed, uploadWithRetries } from './upload-with-retries.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** What a backup run needs of the process; not AppDeps, which holds the job that runs this. */
export type DriveBackupDeps = {
  env: Env
  organisations: OrganisationCache
  log: Logger
  heavyWorkPool: Pick<HeavyWorkPool, 'makeBackupBytes'>
}

/** The server making a backup on its own: allowed to back up and nothing else. */
function backupActor(organisationId: string): Actor {
  return {
    userId: null,
    name: 'Automatische backup',
    role: null,
    organisationId,
    permissions: new Set(['backup.run']),
  }
}

function updateSettings(
  deps: DriveBackupDeps,
  organisationId: string,
  values: Partial<typeof backupSettings.$inferInsert>,
) {
  // Taken at each write: the cache may have closed the file during an await.
  deps.organisations
    .get(organisationId)
    .update(backupSettings)
    .set({ ...values, updatedAt: Date.now() })
    .where(eq(backupSettings.organisationId, organisationId))
    .run()
}

/**
 * One backup run to Google Drive, scheduled or asked for: makes the backup in each chosen
 * format with the download code, uploads each into the folder (retried with backoff), and
 * only when every upload worked deletes this organisation's Centraal backups older than
 * the retention period. Refreshed tokens are stored sealed. The outcome is recorded as
 * lastBackupAt/Status/Error and returned; a run never throws.
 */
export async function runDriveBackup(
  deps: DriveBackupDeps,
  organisationId: string,
  options: { retryBaseMs: number; signal?: AbortSignal },
): Promise<BackupRunResult> {
  const at = Date.now()
  const uploaded: string[] = []
  function finish(result: Omit<BackupRunResult, 'at' | 'uploaded'>): BackupRunResult {
    updateSettings(deps, organisationId, {
      lastBackupAt: at,
      lastBackupStatus: result.status,
      lastBackupError: result.error,
    })
    const fields = { organisationId, uploaded, deleted: result.deleted, error: result.error }
    if (result.status === 'success') deps.log.info('drive backup made', fields)
    else deps.log.error('drive backup failed', fields)
    return { ...result, at, uploaded }
  }

  const row = findBackupSettings(deps.organisations.get(organisationId), organisationId)
  let credentials: ReturnType<typeof readDriveCredentials>
  try {
    credentials = isDriveConnected(row) ? readDriveCredentials(deps.env, row) : null
  } catch {
    return finish({
      status: 'failed',
      deleted: 0,
      error:
        'De opgeslagen Google-sleutels zijn niet te lezen (is SECRETS_KEY of secret.key veranderd?). Verbind Google Drive opnieuw.',
    })
  }
  if (!credentials) {
    return finish({ status: 'failed', deleted: 0, error: 'Google Drive is niet verbonden' })
  }

  let client: drive_v3.Drive
  let auth: OAuth2Client
  try {
    auth = await createGoogleOAuthClient(deps.env)
    auth.setCredentials(credentials)
    auth.on('tokens', (tokens) =>
      updateSettings(deps, organisationId, sealDriveCredentials(deps.env, organisationId, tokens)),
    )
    client = await createDriveClient(deps.env, auth)
    let folderId = row.googleDriveFolderId
    if (!folderId) {
      folderId = await findOrCreateFolder(
        client,
        row.googleDriveFolderName ?? DEFAULT_DRIVE_FOLDER_NAME,
      )
      updateSettings(deps, organisationId, { googleDriveFolderId: folderId })
    }
    for (const backupFormat of parseBackupFormats(row.backupFormats)) {
      // Made by the download's code (createBackupFile) in the worker thread.
      const file = await deps.heavyWorkPool.makeBackupBytes(
        backupActor(organisationId),
        backupFormat,
      )
      // The time as well as the date: a backup made by hand the same day keeps its own file.
      const name = file.fileName.replace(/(\.[a-z]+)$/, `-${format(at, 'HHmm')}$1`)
      const target = { folderId, organisationId, name, mimeType: file.contentType, body: file.body }
      const drive = client
      await uploadWithRetries(
        name,
        async () => {
          try {
            return await uploadBackupFile(drive, target)
          } catch (error) {
            // With an expiry date the library does not refresh on a 401 by itself; an access
            // token Google dropped early is then treated as expired for the next attempt.
            if ((error as { status?: number }).status === 401) {
              auth.setCredentials({ ...auth.credentials, expiry_date: 1 })
            }
            throw error
          }
        },
        options,
      )
      uploaded.push(name)
    }
  } catch (error) {
    // A folder deleted in Drive answers 404: the next run finds or creates it again.
    if ((error as { cause?: { status?: number } }).cause?.status === 404) {
      updateSettings(deps, organisationId, { googleDriveFolderId: null })
    }
    const reason = error instanceof UploadFailed ? error.message : describeGoogleError(error)
    return finish({ status: 'failed', deleted: 0, error: reason })
  }

  // Older backups go only after this run's backups are safely in Drive.
  let deleted = 0
  try {
    const expired = await listExpiredBackups(client, {
      organisationId,
      createdBefore: new Date(at - row.retentionDays * DAY_MS),
    })
    for (const file of expired) {
      if (!file.id) continue
      await deleteDriveFile(client, file.id)
      deleted++
    }
  } catch (error) {
    return finish({
      status: 'success',
      deleted,
      error: `Backup gemaakt, maar oude backups opruimen mislukte: ${describeGoogleError(error)}`,
    })
  }
  return finish({ status: 'success', deleted, error: null })
}
