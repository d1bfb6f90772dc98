import { Hono } from 'hono'
import { StatementQuerySchema, StatementSellerParamSchema } from '#schema/statements'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { validate } from '../http/validate.ts'
import { collectStatement } from '../services/sales/statements/collect-statement.ts'
import { getStatementFileName } from '../services/sales/statements/statement-file-name.ts'

const download = (contentType: string, fileName: string) => ({
  'content-type': contentType,
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
})

/**
 * Payout statements ("Afrekening", docs/behaviour.md), mounted at
 * /api/gold-estates/statements: one seller's as a PDF, or everyone's as a zip.
 */
// pdf-lib (about 26 MB once loaded) is loaded with the first statement, not at the start
// of a server that may never make one.
const loadZip = () => import('../services/sales/statements/create-statements-zip.ts')
const loadPdf = () => import('../services/sales/statements/render-statement-pdf.ts')

export function salesStatementRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', validate('query', StatementQuerySchema), async (c) => {
      const ctx = requireSalesContext(deps, c)
      const { createStatementsZip } = await loadZip()
      const { fileName, zip } = await createStatementsZip(ctx, c.req.valid('query'))
      return c.body(zip, 200, download('application/zip', fileName))
    })
    .get(
      '/:sellerId',
      validate('param', StatementSellerParamSchema),
      validate('query', StatementQuerySchema),
      async (c) => {
        const ctx = requireSalesContext(deps, c)
        const period = c.req.valid('query')
        const statement = collectStatement(ctx, c.req.valid('param').sellerId, period)
        const { renderStatementPdf } = await loadPdf()
        const pdf = await renderStatementPdf(statement)
        const fileName = getStatementFileName(statement.sellerName, period)
        return c.body(pdf, 200, download('application/pdf', fileName))
      },
    )
}
