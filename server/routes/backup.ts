import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { BackupRequestSchema } from '#schema/backup'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { AppError } from '../http/app-error.ts'
import { validate } from '../http/validate.ts'
import { createBackupFile } from '../services/backup/create-backup-file.ts'
import { restoreOrganisation } from '../services/backup/restore-organisation.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'
import { readCrmKey } from '../services/sales/crm-key.ts'

/** A restore may be far larger than other requests. */
export const MAX_RESTORE_BYTES = 512 * 1024 * 1024

/** Admin Tools: backup download and restore (spec §7; backup.run). */
export function backupRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/admin/backup', validate('json', BackupRequestSchema), async (c) => {
      const ctx = requireServiceContext(deps, c)
      const file = await createBackupFile(ctx, c.req.valid('json').format)
      const pieces = [...file.body]
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const piece = pieces.shift()
          if (piece) controller.enqueue(piece)
          else controller.close()
        },
      })
      return c.body(body, 200, {
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
        const ctx = requireServiceContext(deps, c)
        requirePermission(ctx.actor, 'backup.run')
        // The file's bytes as they came: read line by line, never held whole as objects.
        const bytes = await readBody(c.req.raw)
        const restored = restoreOrganisation(requireServiceContext(deps, c), bytes)
        // An older backup may carry the CRM key in clear: sealed again at once.
        const organisationId = ctx.actor.organisationId
        readCrmKey(deps.organisations.get(organisationId), getSecretBox(deps.env), organisationId)
        return c.json(restored)
      },
    )
}

/**
 * A request body in one buffer. With a Content-Length the buffer is made once at that size
 * and filled as the body arrives, so a large file is not held twice (pieces and copy).
 */
async function readBody(request: Request): Promise<Uint8Array> {
  const length = Number(request.headers.get('content-length'))
  if (!request.body || !Number.isSafeInteger(length) || length <= 0) {
    return new Uint8Array(await request.arrayBuffer())
  }
  const bytes = new Uint8Array(length)
  let offset = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (offset + value.byteLength > length) {
      throw new AppError('invalid_input', 'De backup is langer dan de opgegeven Content-Length')
    }
    bytes.set(value, offset)
    offset += value.byteLength
  }
  return bytes.subarray(0, offset)
}
