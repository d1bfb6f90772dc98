import { Hono } from 'hono'
import {
  PlanCreateSchema,
  PlanUpdateSchema,
  PositionQuerySchema,
  ProjectRateSchema,
  SellerPlanSchema,
} from '#schema/commission-plans'
import { SalesIdParamSchema } from '#schema/sales'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { placeSeller, setProjectRate } from '../services/sales/commission-plans/placements.ts'
import { listPlans, readSellerPosition } from '../services/sales/commission-plans/read-plans.ts'
import { createPlan, updatePlan } from '../services/sales/commission-plans/save-plan.ts'

// Commission plans (docs/behaviour.md, Commissieplannen; decision 039): written by the
// sales ADMIN (sales.settings.write), read by everyone of the sales area as far as theirs.

/** The plans, at /gold-estates/commission-plans. */
export function commissionPlanRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => c.json(listPlans(requireSalesContext(deps, c))))
    .post('/', validate('json', PlanCreateSchema), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 201, () => createPlan(ctx, c.req.valid('json')))
    })
    .patch(
      '/:id',
      validate('param', SalesIdParamSchema),
      validate('json', PlanUpdateSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          updatePlan(ctx, c.req.valid('param').id, c.req.valid('json')),
        )
      },
    )
}

/** A seller's plan and position, at /gold-estates/sellers/:id/…. */
export function sellerPlanRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .put(
      '/:id/plan',
      validate('param', SalesIdParamSchema),
      validate('json', SellerPlanSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          placeSeller(ctx, c.req.valid('param').id, c.req.valid('json')),
        )
      },
    )
    .get(
      '/:id/position',
      validate('param', SalesIdParamSchema),
      validate('query', PositionQuerySchema),
      (c) =>
        c.json(
          readSellerPosition(
            requireSalesContext(deps, c),
            c.req.valid('param').id,
            c.req.valid('query'),
          ),
        ),
    )
}

/** A project's own rate and plan, at /gold-estates/projects/:id/rate. */
export function projectRateRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().put(
    '/:id/rate',
    validate('param', SalesIdParamSchema),
    validate('json', ProjectRateSchema),
    (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 200, () =>
        setProjectRate(ctx, c.req.valid('param').id, c.req.valid('json')),
      )
    },
  )
}
