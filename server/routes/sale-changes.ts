import { Hono } from 'hono'
import { z } from 'zod'
import {
  PaymentPartSchema,
  SaleApproveSchema,
  SaleCancelSchema,
  SaleCorrectionSchema,
  SaleRejectSchema,
} from '#schema/sales'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { approveSale } from '../services/sales/approve-sale.ts'
import { cancelSale } from '../services/sales/cancel-sale.ts'
import { correctSale } from '../services/sales/correct-sale.ts'
import { addPaymentPart, undoPaymentPart } from '../services/sales/pay-commission.ts'
import { rejectSale } from '../services/sales/reject-sale.ts'
import {
  toCommissionPaymentDocument,
  toSaleDocument,
} from '../services/sales/to-sales-documents.ts'

const IdParam = z.object({ id: z.string().min(1).max(64) })

/**
 * The life of a deal after registration (mounted at /gold-estates): a correction, a
 * cancellation, the review of a SELLER's split ("Goedkeuren", "Afwijzen"), payment parts
 * and their undo. The same services as the replicated writes.
 */
export function saleChangeRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .patch(
      '/sales/:id',
      validate('param', IdParam),
      validate('json', SaleCorrectionSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          toSaleDocument(correctSale(ctx, c.req.valid('param').id, c.req.valid('json'))),
        )
      },
    )
    .post(
      '/sales/:id/cancel',
      validate('param', IdParam),
      validate('json', SaleCancelSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          toSaleDocument(cancelSale(ctx, c.req.valid('param').id, c.req.valid('json').reason)),
        )
      },
    )
    .post(
      '/sales/:id/approve',
      validate('param', IdParam),
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
      '/sales/:id/reject',
      validate('param', IdParam),
      validate('json', SaleRejectSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          toSaleDocument(rejectSale(ctx, c.req.valid('param').id, c.req.valid('json').reason)),
        )
      },
    )
    .post(
      '/commissions/:id/payments',
      validate('param', IdParam),
      validate('json', PaymentPartSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 201, () =>
          toCommissionPaymentDocument(
            addPaymentPart(ctx, c.req.valid('param').id, c.req.valid('json')),
          ),
        )
      },
    )
    .delete('/commission-payments/:id', validate('param', IdParam), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 200, () =>
        toCommissionPaymentDocument(undoPaymentPart(ctx, c.req.valid('param').id)),
      )
    })
}
