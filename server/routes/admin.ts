import { Hono } from 'hono'
import { BackupRequestSchema } from '#schema/backup'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { setSessionCookie } from '../auth/sessions.ts'
import { getSalesBase } from '../http/sales-base.ts'
import { validate } from '../http/validate.ts'
import { organisationRestored } from '../services/admin-notifications/administrator-alerts.ts'
import { notifyAdministrators } from '../services/admin-notifications/notify-administrators.ts'
import { readRecentRestore } from '../services/backup/note-restore.ts'
import { receiveBackup } from '../services/backup/receive-backup.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'
import { readCrmKey } from '../services/sales/crm-key.ts'
import { prepareSalesReadModel } from '../services/sales/sales-read-model.ts'
import { launchGoldEstates } from '../services/sales-accounts/launch-gold-estates.ts'
import { openSession } from '../system-directory/session-lifetime.ts'

/**
 * Mails the restore to the administrators of the organisation as it is now restored, with
 * their alerts on; through the system file's outbox, which the restore did not replace.
 */
async function notifyOfRestore(deps: AppDeps, organisationId: string) {
  const restore = await readRecentRestore(deps, organisationId)
  if (!restore) return
  const alert = organisationRestored(organisationId, {
    restoredBy: restore.restoredBy,
    restoredAt: restore.restoredAt,
    backupCreatedAt: restore.backupCreatedAt,
  })
  // The restore is done whatever becomes of the mail.
  await notifyAdministrators(deps, organisationId, alert).catch((error) =>
    deps.log.error('restore alert not queued', { organisationId, error }),
  )
}

/** A restore may be far larger than other requests. */
const MAX_RESTORE_BYTES = 512 * 1024 * 1024

/**
 * Admin actions of the central area, at /api/admin: LAUNCH APP (Gold Estates, sales.launch),
 * and the Admin Tools' backup download and restore (backup.run; docs/behaviour.md,
 * Instellingen).
 */
export function adminRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .post('/launch-gold-estates', async (c) => {
        const ctx = requireServiceContext(deps, c)
        const { salesUserId } = await launchGoldEstates(ctx)
        const session = await openSession(deps.directory, {
          kind: 'sales',
          userId: salesUserId,
          organisationId: ctx.actor.organisationId,
        })
        setSessionCookie(c, 'sales', {
          ...session,
          organisationId: ctx.actor.organisationId,
        })
        prepareSalesReadModel(ctx.db)
        return c.json({ url: `${getSalesBase(c, deps.env.SALES_HOST)}/dashboard` })
      })
      .post('/backup', validate('json', BackupRequestSchema), async (c) => {
        const ctx = requireServiceContext(deps, c)
        requirePermission(ctx.actor, 'backup.run')
        // Made in the worker into a temporary file, sent from there.
        const file = await deps.heavyWork.runDownload(
          ctx.actor.organisationId,
          () => deps.heavyWorkPool.makeBackup(ctx.actor, c.req.valid('json').format),
          c.req.raw.signal,
        )
        return c.body(file.body, 200, {
          'content-type': file.contentType,
          'content-disposition': `attachment; filename="${file.fileName}"`,
          'cache-control': 'no-store',
        })
      })
      // No bodyLimit middleware here: it would read the whole body ahead into memory.
      // receiveBackup counts the bytes as it writes them to disk and stops at the limit.
      .post('/restore', async (c) => {
        // Signed in and allowed before a large body is read.
        const ctx = requireServiceContext(deps, c)
        requirePermission(ctx.actor, 'backup.run')
        const organisationId = ctx.actor.organisationId
        // Refused at once when the queue has no room, before a large body is read; the
        // restore joins the queue only once the body is on disk, so a body that arrives
        // slowly holds up no one.
        deps.heavyWork.requireRoom(organisationId)
        // The body goes to a temporary file as it arrives; the restore reads it from there.
        const doneReceiving = deps.heavyWork.receive(organisationId)
        const received = await receiveBackup(c.req.raw.body, MAX_RESTORE_BYTES).finally(
          doneReceiving,
        )
        let restored: Awaited<ReturnType<typeof deps.heavyWorkPool.restore>>
        try {
          // In the worker, on its own connection: the request thread's connection to the
          // file (the cache's) reads the restored rows once they are committed.
          restored = await deps.heavyWork.run(
            organisationId,
            async () => {
              const actor = requireServiceContext(deps, c).actor
              // The restore holds the file's write lock for seconds: writes of this thread
              // to it are refused meanwhile rather than wait on the request thread.
              const endYield = deps.organisations.yieldWrites(organisationId)
              try {
                return await deps.heavyWorkPool.restore(actor, received.file, received.layout)
              } finally {
                endYield()
              }
            },
            c.req.raw.signal,
          )
        } finally {
          received.remove()
        }
        // An older backup may carry the CRM key in clear: sealed again at once.
        readCrmKey(deps.organisations.get(organisationId), getSecretBox(deps.env), organisationId)
        // The restored backup settings (without a Drive connection: a backup carries no
        // tokens) decide the automatic backup from now on, in every process.
        deps.scheduledBackups.reschedule(organisationId)
        await notifyOfRestore(deps, organisationId)
        return c.json(restored)
      })
  )
}
