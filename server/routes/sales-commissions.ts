import { format } from 'date-fns/format'
import { Hono } from 'hono'
import {
  CommissionStatusSchema,
  DashboardQuerySchema,
  PaymentPartSchema,
  SalesIdParamSchema,
} from '#schema/sales'
import { buildCommissionDashboard } from '#schema/sales-dashboard'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { loadSalesData } from '../services/sales/load-sales-data.ts'
import {
  addPaymentPart,
  setCommissionStatus,
  undoPaymentPart,
} from '../services/sales/pay-commission.ts'
import {
  toCommissionDocument,
  toCommissionPaymentDocument,
} from '../services/sales/to-sales-documents.ts'

/**
 * Commission lines at /gold-estates/commissions (docs/behaviour.md, Commissions): the
 * list, the dashboard's figures, "Markeer betaald" and a payment part.
 */
export function salesCommissionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => c.json(loadSalesData(requireSalesContext(deps, c)).commissions))
    .patch(
      '/:id',
      validate('param', SalesIdParamSchema),
      validate('json', CommissionStatusSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          toCommissionDocument(
            setCommissionStatus(ctx, c.req.valid('param').id, c.req.valid('json').status),
          ),
        )
      },
    )
    .get('/dashboard', validate('query', DashboardQuerySchema), (c) => {
      const data = loadSalesData(requireSalesContext(deps, c))
      const { salesListOffset, salesListLimit, upcomingLimit, ...filters } = c.req.valid('query')
      const page = { offset: salesListOffset, limit: salesListLimit, upcomingLimit }
      return c.json(buildCommissionDashboard(data, filters, format(new Date(), 'yyyy-MM-dd'), page))
    })
    .post(
      '/:id/payments',
      validate('param', SalesIdParamSchema),
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
}

/** A payment part's undo, at /gold-estates/commission-payments (docs/behaviour.md, The life of a deal). */
export function salesCommissionPaymentRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().delete('/:id', validate('param', SalesIdParamSchema), (c) => {
    const ctx = requireSalesContext(deps, c)
    return respondOnce(c, ctx, 200, () =>
      toCommissionPaymentDocument(undoPaymentPart(ctx, c.req.valid('param').id)),
    )
  })
}
