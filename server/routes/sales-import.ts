import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { parseA1Range } from '#schema/sales-import/a1-range'
import {
  MAX_UPLOAD_BYTES,
  SalesImportRequestSchema,
  SheetsDataQuerySchema,
  SheetsInfoQuerySchema,
} from '#schema/sales-import/payloads'
import { toRowObjects } from '#schema/sales-import/to-row-objects'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { AppError } from '../errors/app-error.ts'
import { validate } from '../http/validate.ts'
import { createSheetsAccess } from '../integrations/google/sheets-reader.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'

const UploadQuerySchema = z.object({ fileName: z.string().trim().max(200).optional() })

/**
 * Sales import (docs/behaviour.md, Sheets import: a Google Sheet, or a .csv/.xlsx upload for teams without Google).
 * Sales ADMIN and MANAGER only (sales.import). No Idempotency-Key handling: an import is
 * idempotent by itself, as rows imported before are skipped.
 */
export function salesImportRoutes(deps: AppDeps) {
  const access = createSheetsAccess(deps.env, deps.log)
  const requireReader = () => {
    if (access.status === 'off') {
      throw new AppError('unavailable', 'Google Sheets is niet geconfigureerd')
    }
    if (access.status === 'broken') {
      deps.log.error('google sheets misconfigured', { reason: access.reason })
      throw new AppError(
        'unavailable',
        'Google Sheets is niet goed geconfigureerd (GOOGLE_SERVICE_ACCOUNT_JSON)',
      )
    }
    return access.reader
  }
  const requireImporter = (c: Parameters<typeof requireSalesContext>[1]) => {
    const ctx = requireSalesContext(deps, c)
    requirePermission(ctx.actor, 'sales.import')
    return ctx
  }

  return (
    new Hono<AppEnv>()
      // Session and right first, so a SELLER hears 403 whatever the input.
      .use('/*', async (c, next) => {
        requireImporter(c)
        await next()
      })
      .get('/status', (c) =>
        c.json({
          googleSheets: access.status,
          serviceAccountEmail: access.status === 'ready' ? access.reader.serviceAccountEmail : null,
        }),
      )
      .get('/info', validate('query', SheetsInfoQuerySchema), async (c) =>
        c.json(await requireReader().getInfo(c.req.valid('query').spreadsheetId)),
      )
      .get('/data', validate('query', SheetsDataQuerySchema), async (c) => {
        const { spreadsheetId, range, limit } = c.req.valid('query')
        const values = await requireReader().getValues(spreadsheetId, range)
        const firstColumn = parseA1Range(values.range)?.start.column ?? 0
        return c.json(toRowObjects(values.values, { firstColumn, limit }))
      })
      .post('/sync', validate('json', SalesImportRequestSchema), async (c) => {
        const ctx = requireImporter(c)
        const { spreadsheetId, range } = c.req.valid('json')
        requireReader()
        // Fetched, read and imported in the worker.
        const result = await deps.heavyWork.run(
          ctx.actor.organisationId,
          () => deps.heavyWorkPool.importSheet(ctx.actor, spreadsheetId, range),
          c.req.raw.signal,
        )
        return c.json(result)
      })
      .post(
        '/import',
        // Before bodyLimit, which reads a body sent in chunks whole: refused at once when the
        // queue has no room (the import joins it once the file has arrived, so an upload
        // that arrives slowly holds up no one), and while another upload of the organisation
        // is still arriving, so that one organisation cannot hold many in memory at once.
        async (c, next) => {
          const organisationId = requireImporter(c).actor.organisationId
          deps.heavyWork.requireRoom(organisationId)
          const doneReceiving = deps.heavyWork.receive(organisationId)
          try {
            await next()
          } finally {
            doneReceiving()
          }
        },
        // Room for the multipart envelope around a file of the maximum size.
        bodyLimit({
          maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
          onError: () => {
            throw new AppError('payload_too_large', 'Het bestand is te groot (maximaal 10 MB)')
          },
        }),
        validate('query', UploadQuerySchema),
        async (c) => {
          const ctx = requireImporter(c)
          const upload = await readUpload(c.req.raw, c.req.valid('query').fileName)
          if (upload.bytes.length > MAX_UPLOAD_BYTES) {
            throw new AppError('payload_too_large', 'Het bestand is te groot (maximaal 10 MB)')
          }
          // Read, checked and imported in the worker; the bytes are handed over, not copied.
          const result = await deps.heavyWork.run(
            ctx.actor.organisationId,
            () => deps.heavyWorkPool.importFile(ctx.actor, upload.bytes, upload.fileName),
            c.req.raw.signal,
          )
          return c.json(result)
        },
      )
  )
}

/** The file of a multipart form (field 'file') or the raw body. */
async function readUpload(request: Request, fileName?: string) {
  const isForm = request.headers.get('content-type')?.startsWith('multipart/form-data')
  if (!isForm) {
    return { bytes: new Uint8Array(await request.arrayBuffer()), fileName: fileName || 'upload' }
  }
  const file = (await request.formData()).get('file')
  if (!(file instanceof File)) {
    throw new AppError('invalid_input', 'Kies een .csv- of .xlsx-bestand (veld "file")')
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name || 'upload' }
}
