import type { AppDeps } from '../../app-deps.ts'
import type { Actor } from '../../context.ts'
import { describeGoogleError } from '../../integrations/google/describe-google-error.ts'
import {
  createGoogleOAuthClient,
  isGoogleOAuthConfigured,
} from '../../integrations/google/oauth-client.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { readDriveCredentials } from './drive-credentials.ts'
import { findBackupSettings } from './find-backup-settings.ts'
import { saveBackupSettings } from './write-backup-settings.ts'

/**
 * Ends the Drive connection: revokes the grant at Google, then forgets the tokens and the
 * folder id and switches automatic backups off. A revoke that fails (Google unreachable,
 * token already revoked, tokens unreadable) is logged and the tokens are forgotten anyway:
 * the person asked to be disconnected here. Backups already in Drive stay there.
 */
export async function disconnectDrive(
  deps: Pick<AppDeps, 'env' | 'organisations' | 'log'>,
  actor: Actor,
) {
  requirePermission(actor, 'backup.run')
  const organisationId = actor.organisationId
  const row = findBackupSettings(deps.organisations.get(organisationId), organisationId)
  let isRevoked = false
  try {
    const refreshToken = readDriveCredentials(deps.env, row)?.refresh_token
    if (refreshToken && isGoogleOAuthConfigured(deps.env)) {
      // Revoking the refresh token ends the whole grant, access tokens included.
      await (await createGoogleOAuthClient(deps.env)).revokeToken(refreshToken)
      isRevoked = true
    }
  } catch (error) {
    deps.log.error('google drive revoke failed', {
      organisationId,
      reason: describeGoogleError(error),
    })
  }
  const disconnected = {
    googleDriveEnabled: false,
    googleAccessToken: null,
    googleRefreshToken: null,
    googleDriveFolderId: null,
    autoBackupEnabled: false,
  }
  saveBackupSettings(deps, actor, disconnected, {
    action: 'Google Drive ontkoppeld',
    metadata: { isRevoked },
  })
  return { isRevoked }
}
