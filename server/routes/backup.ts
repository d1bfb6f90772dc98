import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { BackupRequestSchema } from '#schema/backup'
import { requireServiceContext } from '../auth/require-service-context.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { AppError } from '../http/app-error.ts'
import { validate } from '../http/validate.ts'
import { createBackupFile } from '../services/backup/create-backup-file.ts'
import { restoreOrganisation } from '../services/backup/restore-organisation.ts'

/** A restore may be far larger than other requests. */
export const MAX_RESTORE_BYTES = 512 * 1024 * 1024

/** Admin Tools: backup download and restore (spec §7; backup.run). */
export function backupRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/admin/backup', validate('json', BackupRequestSchema), async (c) => {
      const ctx = requireServiceContext(deps, c)
      const file = await createBackupFile(ctx, c.req.valid('json').format)
      return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'no-store',
      })
    })
    .post(
      '/admin/restore',
      bodyLimit({
        maxSize: MAX_RESTORE_BYTES,
        onError: () => {
          throw new AppError(
            'payload_too_large',
            'Het backupbestand is te groot (maximaal 512 MiB)',
          )
        },
      }),
      async (c) => {
        // Signed in and allowed before a large body is read.
        requireServiceContext(deps, c)
        let input: unknown
        try {
          input = await c.req.json()
        } catch {
          throw new AppError('invalid_input', 'Ongeldige backup: het bestand is geen geldige JSON')
        }
        return c.json(restoreOrganisation(requireServiceContext(deps, c), input))
      },
    )
}
