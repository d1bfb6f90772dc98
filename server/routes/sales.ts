import { format } from 'date-fns'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  CommissionStatusSchema,
  DashboardQuerySchema,
  ProjectCreateSchema,
  ProjectUpdateSchema,
  SaleCreateSchema,
  SalesSettingsUpdateSchema,
  SellerCreateSchema,
  SellerLoginSchema,
  SellerUpdateSchema,
} from '#schema/sales'
import { buildCommissionDashboard, buildDetailedStats } from '#schema/sales-dashboard'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { createSale } from '../services/sales/create-sale.ts'
import { createSellerLogin } from '../services/sales/create-seller-login.ts'
import { loadSalesData } from '../services/sales/load-sales-data.ts'
import { setCommissionStatus } from '../services/sales/pay-commission.ts'
import { getSalesSettings, updateSalesSettings } from '../services/sales/sales-settings.ts'
import { createProject, updateProject } from '../services/sales/save-project.ts'
import { createSeller, updateSeller } from '../services/sales/save-seller.ts'
import {
  toCommissionDocument,
  toProjectDocument,
  toSaleDocument,
  toSellerDocument,
} from '../services/sales/to-sales-documents.ts'

const IdParam = z.object({ id: z.string().min(1).max(64) })
const today = () => format(new Date(), 'yyyy-MM-dd')

/** Gold Estates REST beside replication (docs/behaviour.md, Sales area). Every call needs a sales session. */
export function salesRoutes(deps: AppDeps) {
  const base = '/gold-estates'
  return new Hono<AppEnv>()
    .get(`${base}/projects`, (c) => c.json(loadSalesData(requireSalesContext(deps, c)).projects))
    .post(`${base}/projects`, validate('json', ProjectCreateSchema), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 201, () =>
        toProjectDocument(createProject(ctx, c.req.valid('json'))),
      )
    })
    .patch(
      `${base}/projects/:id`,
      validate('param', IdParam),
      validate('json', ProjectUpdateSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          toProjectDocument(updateProject(ctx, c.req.valid('param').id, c.req.valid('json'))),
        )
      },
    )
    .get(`${base}/sellers`, (c) => c.json(loadSalesData(requireSalesContext(deps, c)).sellers))
    .post(`${base}/sellers`, validate('json', SellerCreateSchema), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 201, () =>
        toSellerDocument(createSeller(ctx, c.req.valid('json'))),
      )
    })
    .patch(
      `${base}/sellers/:id`,
      validate('param', IdParam),
      validate('json', SellerUpdateSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          toSellerDocument(updateSeller(ctx, c.req.valid('param').id, c.req.valid('json'))),
        )
      },
    )
    .post(
      `${base}/sellers/:id/login`,
      validate('param', IdParam),
      validate('json', SellerLoginSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(
          c,
          ctx,
          201,
          () => {
            const link = createSellerLogin(ctx, c.req.valid('param').id, c.req.valid('json').role)
            return {
              setupUrl: `${deps.env.PUBLIC_URL}${link.setupPath}`,
              expiresAt: link.expiresAt,
            }
          },
          { secretBox: getSecretBox(deps.env) },
        )
      },
    )
    .get(`${base}/sales`, (c) => c.json(loadSalesData(requireSalesContext(deps, c)).sales))
    .post(`${base}/sales`, validate('json', SaleCreateSchema), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 201, () => toSaleDocument(createSale(ctx, c.req.valid('json'))))
    })
    .get(`${base}/commissions`, (c) =>
      c.json(loadSalesData(requireSalesContext(deps, c)).commissions),
    )
    .patch(
      `${base}/commissions/:id`,
      validate('param', IdParam),
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
    .get(`${base}/commissions/dashboard`, validate('query', DashboardQuerySchema), (c) => {
      const data = loadSalesData(requireSalesContext(deps, c))
      const { salesListOffset, salesListLimit, upcomingLimit, ...filters } = c.req.valid('query')
      const page = { offset: salesListOffset, limit: salesListLimit, upcomingLimit }
      return c.json(buildCommissionDashboard(data, filters, today(), page))
    })
    .get(`${base}/stats/detailed`, (c) =>
      c.json(buildDetailedStats(loadSalesData(requireSalesContext(deps, c)), today())),
    )
    .get(`${base}/settings`, (c) =>
      c.json(
        getSalesSettings(requireSalesContext(deps, c), getSecretBox(deps.env), deps.env.SALES_HOST),
      ),
    )
    .patch(`${base}/settings`, validate('json', SalesSettingsUpdateSchema), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 200, () =>
        updateSalesSettings(ctx, getSecretBox(deps.env), c.req.valid('json'), deps.env.SALES_HOST),
      )
    })
}
