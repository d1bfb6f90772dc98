import { DEFAULT_DRIVE_FOLDER_NAME } from '#schema/backup-settings'
import type { AppDeps } from '../../app-deps.ts'
import type { Actor } from '../../context.ts'
import { createDriveClient, findOrCreateFolder } from '../../integrations/google/drive-backups.ts'
import { createGoogleOAuthClient } from '../../integrations/google/oauth-client.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { sealDriveCredentials } from './drive-credentials.ts'
import { findBackupSettings } from './find-backup-settings.ts'
import { saveBackupSettings } from './write-backup-settings.ts'

/**
 * The callback half of a Drive connection: trades the code for tokens, finds or creates the
 * backup folder with them, then stores the tokens sealed and switches Drive on. Nothing is
 * stored unless every step worked.
 */
export async function connectDrive(
  deps: Pick<AppDeps, 'env' | 'organisations'>,
  actor: Actor,
  code: string,
) {
  requirePermission(actor, 'backup.run')
  const organisationId = actor.organisationId
  const folderName =
    findBackupSettings(deps.organisations.get(organisationId), organisationId)
      .googleDriveFolderName ?? DEFAULT_DRIVE_FOLDER_NAME
  const auth = await createGoogleOAuthClient(deps.env)
  const { tokens } = await auth.getToken(code)
  if (!tokens.refresh_token) throw new Error('Google gaf geen refresh token')
  auth.setCredentials(tokens)
  const folderId = await findOrCreateFolder(await createDriveClient(deps.env, auth), folderName)
  const connected = {
    ...sealDriveCredentials(deps.env, organisationId, tokens),
    googleDriveEnabled: true,
    googleDriveFolderId: folderId,
    googleDriveFolderName: folderName,
  }
  saveBackupSettings(deps, actor, connected, {
    action: 'Google Drive verbonden',
    target: folderName,
  })
}
