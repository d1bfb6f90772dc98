import { Hono } from 'hono'
import { SaleRegistrationSchema } from '#schema/sale-team'
import {
  SaleApproveSchema,
  SaleCancelSchema,
  SaleCorrectionSchema,
  SaleRejectSchema,
  SalesIdParamSchema,
} from '#schema/sales'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { approveSale } from '../services/sales/approve-sale.ts'
import { cancelSale } from '../services/sales/cancel-sale.ts'
import { createTeamSale } from '../services/sales/commission-plans/create-team-sale.ts'
import { readSaleDetail } from '../services/sales/commission-plans/sale-detail.ts'
import { correctSale } from '../services/sales/correct-sale.ts'
import { createSale } from '../services/sales/create-sale.ts'
import { loadSalesData } from '../services/sales/load-sales-data.ts'
import { rejectSale } from '../services/sales/reject-sale.ts'
import { toSaleDocument } from '../services/sales/to-sales-documents.ts'

/**
 * Sales at /gold-estates/sales: the list, a registration, and the life of a deal after it
 * (docs/behaviour.md, The life of a deal): a correction, a cancellation, the review of a
 * SELLER's split ("Goedkeuren", "Afwijzen"). The same services as the replicated writes.
 */
export function salesRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/', (c) => c.json(loadSalesData(requireSalesContext(deps, c)).sales))
      // With `team` the server fills the lines from the commission plans (decision 039).
      .post('/', validate('json', SaleRegistrationSchema), (c) => {
        const ctx = requireSalesContext(deps, c)
        const body = c.req.valid('json')
        return respondOnce(c, ctx, 201, () =>
          toSaleDocument(
            body.kind === 'team' ? createTeamSale(ctx, body.sale) : createSale(ctx, body.sale),
          ),
        )
      })
      .get('/:id', validate('param', SalesIdParamSchema), (c) =>
        c.json(readSaleDetail(requireSalesContext(deps, c), c.req.valid('param').id)),
      )
      .patch(
        '/:id',
        validate('param', SalesIdParamSchema),
        validate('json', SaleCorrectionSchema),
        (c) => {
          const ctx = requireSalesContext(deps, c)
          return respondOnce(c, ctx, 200, () =>
            toSaleDocument(correctSale(ctx, c.req.valid('param').id, c.req.valid('json'))),
          )
        },
      )
      .post(
        '/:id/cancel',
        validate('param', SalesIdParamSchema),
        validate('json', SaleCancelSchema),
        (c) => {
          const ctx = requireSalesContext(deps, c)
          return respondOnce(c, ctx, 200, () =>
            toSaleDocument(cancelSale(ctx, c.req.valid('param').id, c.req.valid('json').reason)),
          )
        },
      )
      .post(
        '/:id/approve',
        validate('param', SalesIdParamSchema),
        validate('json', SaleApproveSchema),
        (c) => {
          const ctx = requireSalesContext(deps, c)
          const { seq } = c.req.valid('json')
          return respondOnce(c, ctx, 200, () =>
            toSaleDocument(approveSale(ctx, c.req.valid('param').id, seq)),
          )
        },
      )
      .post(
        '/:id/reject',
        validate('param', SalesIdParamSchema),
        validate('json', SaleRejectSchema),
        (c) => {
          const ctx = requireSalesContext(deps, c)
          const { reason, seq } = c.req.valid('json')
          return respondOnce(c, ctx, 200, () =>
            toSaleDocument(rejectSale(ctx, c.req.valid('param').id, reason, seq)),
          )
        },
      )
  )
}
