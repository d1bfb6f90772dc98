import type { ServiceContext } from '../../context.ts'
import type { Env } from '../../env.ts'
import { AppError } from '../../errors/app-error.ts'
import {
  createGoogleOAuthClient,
  DRIVE_FILE_SCOPE,
  isGoogleOAuthConfigured,
} from '../../integrations/google/oauth-client.ts'
import type { PendingDriveConnections } from '../../integrations/google/pending-drive-connections.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** Told when this installation has no Google OAuth client. */
export const DRIVE_NOT_CONFIGURED_MESSAGE =
  'Google Drive is niet geconfigureerd op deze server (GOOGLE_CLIENT_ID en GOOGLE_CLIENT_SECRET ontbreken)'

/**
 * Google's consent URL for a Drive connection of the actor's organisation. The state is
 * random, kept hashed for ten minutes and bound to this organisation and user; offline
 * access with prompt=consent, so Google hands out a refresh token every time.
 */
export async function startDriveConnection(
  ctx: ServiceContext,
  options: { env: Env; pending: PendingDriveConnections },
) {
  requirePermission(ctx.actor, 'backup.run')
  if (!isGoogleOAuthConfigured(options.env)) {
    throw new AppError('unavailable', DRIVE_NOT_CONFIGURED_MESSAGE)
  }
  if (!ctx.actor.userId) throw new AppError('forbidden', 'Alleen een persoon kan verbinden')
  const client = await createGoogleOAuthClient(options.env)
  const state = await options.pending.add({
    organisationId: ctx.actor.organisationId,
    userId: ctx.actor.userId,
  })
  const url = client.generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: [DRIVE_FILE_SCOPE],
    state,
  })
  return { url }
}
