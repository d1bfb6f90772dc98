import { Hono } from 'hono'
import { BackupRequestSchema } from '#schema/backup'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { validate } from '../http/validate.ts'
import { createBackupFile } from '../services/backup/create-backup-file.ts'
import { receiveBackup } from '../services/backup/receive-backup.ts'
import { restoreOrganisation } from '../services/backup/restore-organisation.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'
import { readCrmKey } from '../services/sales/crm-key.ts'

/** A restore may be far larger than other requests. */
export const MAX_RESTORE_BYTES = 512 * 1024 * 1024

/** Admin Tools: backup download and restore (docs/behaviour.md; backup.run). */
export function backupRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .post('/backup', validate('json', BackupRequestSchema), async (c) => {
        const ctx = requireServiceContext(deps, c)
        requirePermission(ctx.actor, 'backup.run')
        const file = await deps.heavyWork.runDownload(async () => {
          const made = await createBackupFile(ctx, c.req.valid('json').format)
          const pieces = [...made.body]
          const body = new ReadableStream<Uint8Array>({
            pull(controller) {
              const piece = pieces.shift()
              if (piece) controller.enqueue(piece)
              else controller.close()
            },
          })
          return { ...made, body }
        })
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
        // Refused at once while another heavy job runs, before a large body is read; the
        // slot itself is taken only once the body is on disk, so a body that arrives
        // slowly holds up no one.
        deps.heavyWork.requireFree()
        // The body goes to a temporary file as it arrives; the restore reads it from there.
        const doneReceiving = deps.heavyWork.receive(organisationId)
        const received = await receiveBackup(c.req.raw.body, MAX_RESTORE_BYTES).finally(
          doneReceiving,
        )
        let restored: Awaited<ReturnType<typeof restoreOrganisation>>
        try {
          restored = await deps.heavyWork.run(async () =>
            restoreOrganisation(requireServiceContext(deps, c), received.file, received.layout),
          )
        } finally {
          received.remove()
        }
        // An older backup may carry the CRM key in clear: sealed again at once.
        readCrmKey(deps.organisations.get(organisationId), getSecretBox(deps.env), organisationId)
        return c.json(restored)
      })
  )
}
