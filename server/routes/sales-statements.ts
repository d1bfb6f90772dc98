import { Hono } from 'hono'
import { StatementQuerySchema, StatementSellerParamSchema } from '#schema/statements'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { validate } from '../http/validate.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'
import { collectStatement } from '../services/sales/statements/collect-statement.ts'
import { getStatementFileName } from '../services/sales/statements/statement-file-name.ts'

/** Names shown by the download screen; the zip's niet-opgenomen.txt names them all. */
const MAX_NAMED_IN_HEADER = 20

/**
 * The sellers left out of the zip, for the screen: their number, and the first names as
 * URI-encoded JSON (a header carries only ASCII).
 */
const describeLeftOut = (names: string[]): Record<string, string> =>
  names.length === 0
    ? {}
    : {
        'x-statements-left-out-count': String(names.length),
        'x-statements-left-out': encodeURIComponent(
          JSON.stringify(names.slice(0, MAX_NAMED_IN_HEADER)),
        ),
      }

const download = (contentType: string, fileName: string) => ({
  'content-type': contentType,
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
})

/**
 * Payout statements ("Afrekening", docs/behaviour.md), mounted at
 * /api/gold-estates/statements: one seller's as a PDF, or everyone's as a zip.
 */
export function salesStatementRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', validate('query', StatementQuerySchema), async (c) => {
      const ctx = requireSalesContext(deps, c)
      requirePermission(ctx.actor, 'sales.read.all')
      // Made in the worker into a temporary file, sent from there.
      const zip = await deps.heavyWork.runDownload(
        ctx.actor.organisationId,
        () => deps.heavyWorkPool.makeStatementsZip(ctx.actor, c.req.valid('query')),
        c.req.raw.signal,
      )
      return c.body(zip.body, 200, {
        ...download('application/zip', zip.fileName),
        ...describeLeftOut(zip.leftOut.map((item) => item.sellerName)),
      })
    })
    .get(
      '/:sellerId',
      validate('param', StatementSellerParamSchema),
      validate('query', StatementQuerySchema),
      async (c) => {
        const ctx = requireSalesContext(deps, c)
        const period = c.req.valid('query')
        const statement = collectStatement(ctx, c.req.valid('param').sellerId, period)
        // In the worker, in the organisation's turn: a year of lines takes seconds.
        const pdf = await deps.heavyWork.run(
          ctx.actor.organisationId,
          () => deps.heavyWorkPool.renderStatementPdf(statement),
          c.req.raw.signal,
        )
        const fileName = getStatementFileName(statement.sellerName, period)
        return c.body(pdf, 200, download('application/pdf', fileName))
      },
    )
}
