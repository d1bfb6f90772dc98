import { type Context, Hono } from 'hono'
import {
  type BackupSettings,
  BackupSettingsUpdateSchema,
  DRIVE_RESULT_PARAM,
  DRIVE_RESULTS,
  DriveCallbackQuerySchema,
} from '#schema/backup-settings'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { AppError } from '../errors/app-error.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { describeGoogleError } from '../integrations/google/describe-google-error.ts'
import { isGoogleOAuthConfigured } from '../integrations/google/oauth-client.ts'
import { createPendingDriveConnections } from '../integrations/google/pending-drive-connections.ts'
import { connectDrive } from '../services/drive-backups/connect-drive.ts'
import { disconnectDrive } from '../services/drive-backups/disconnect-drive.ts'
import {
  findBackupSettings,
  isDriveConnected,
} from '../services/drive-backups/find-backup-settings.ts'
import { getBackupSettings } from '../services/drive-backups/get-backup-settings.ts'
import { startDriveConnection } from '../services/drive-backups/start-drive-connection.ts'
import { updateBackupSettings } from '../services/drive-backups/update-backup-settings.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'

// Someone waits for a manual run, so its retries are seconds apart, not minutes.
const MANUAL_RETRY_BASE_MS = 2000

/** Where the callback sends the browser: the Backups tab, told how the connection went. */
function backupsTab(result: keyof typeof DRIVE_RESULTS) {
  return `/settings?tab=backups&${DRIVE_RESULT_PARAM}=${DRIVE_RESULTS[result]}`
}

/** Instellingen → Backups: settings, the Google Drive connection and backups to Drive. */
export function driveBackupRoutes(deps: AppDeps) {
  const pending = createPendingDriveConnections(deps.createExpiringTokens)

  /** GET /api/backup/settings: the stored settings and what only the server knows. */
  function showSettings(c: Context<AppEnv>): BackupSettings {
    const ctx = requireServiceContext(deps, c)
    return {
      googleDriveConfigured: isGoogleOAuthConfigured(deps.env),
      ...getBackupSettings(ctx),
      nextBackupAt: deps.scheduledBackups.nextRunAt(ctx.actor.organisationId)?.getTime() ?? null,
    }
  }

  return new Hono<AppEnv>()
    .get('/settings', (c) => c.json(showSettings(c)))
    .post('/settings', validate('json', BackupSettingsUpdateSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(c, ctx, 200, () => {
        updateBackupSettings(ctx, c.req.valid('json'))
        deps.scheduledBackups.reschedule(ctx.actor.organisationId)
        return showSettings(c)
      })
    })
    .post('/google-drive/connect', async (c) =>
      c.json(
        await startDriveConnection(requireServiceContext(deps, c), { env: deps.env, pending }),
      ),
    )
    .get('/google-drive/callback', async (c) => {
      // Every failure ends on the Backups tab with the documented toast; the reason goes to the log.
      const fail = (reason: string) => {
        deps.log.error('google drive connection failed', { reason })
        return c.redirect(backupsTab('failed'))
      }
      const query = DriveCallbackQuerySchema.safeParse(c.req.query())
      const state = query.success ? query.data.state : undefined
      const connection = state ? await pending.take(state) : undefined
      if (!query.success || !connection) return fail('unknown, used or expired state')
      if (query.data.error || !query.data.code) {
        return fail(`consent not given: ${query.data.error ?? 'no code'}`)
      }
      let ctx: ReturnType<typeof requireServiceContext>
      try {
        ctx = requireServiceContext(deps, c)
      } catch {
        return fail('not signed in')
      }
      if (
        ctx.actor.userId !== connection.userId ||
        ctx.actor.organisationId !== connection.organisationId
      ) {
        return fail('signed in as someone else than who started the connection')
      }
      try {
        await connectDrive(deps, ctx.actor, query.data.code)
      } catch (error) {
        return fail(describeGoogleError(error))
      }
      deps.scheduledBackups.reschedule(connection.organisationId)
      return c.redirect(backupsTab('connected'))
    })
    .post('/google-drive/disconnect', async (c) => {
      const { actor } = requireServiceContext(deps, c)
      await disconnectDrive(deps, actor)
      deps.scheduledBackups.reschedule(actor.organisationId)
      return c.json(showSettings(c))
    })
    .post('/google-drive/run', async (c) => {
      const ctx = requireServiceContext(deps, c)
      requirePermission(ctx.actor, 'backup.run')
      const organisationId = ctx.actor.organisationId
      if (!isDriveConnected(findBackupSettings(ctx.db, organisationId))) {
        throw new AppError('conflict', 'Google Drive is niet verbonden')
      }
      const result = await deps.heavyWork.run(
        organisationId,
        () =>
          deps.scheduledBackups.run(
            organisationId,
            Math.min(deps.env.BACKUP_RETRY_BASE_MS, MANUAL_RETRY_BASE_MS),
          ),
        c.req.raw.signal,
      )
      if (result.status === 'failed') {
        return c.json(
          {
            message: `Backup naar Google Drive mislukt: ${result.error}`,
            code: 'bad_gateway',
            result,
          },
          502,
        )
      }
      return c.json(result)
    })
}
