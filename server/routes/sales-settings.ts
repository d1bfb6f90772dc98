import { Hono } from 'hono'
import { SalesSettingsUpdateSchema } from '#schema/sales'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { getSalesSettings, updateSalesSettings } from '../services/sales/sales-settings.ts'

/** Gold Estates settings (docs/behaviour.md, Settings), at /gold-estates/settings. */
export function salesSettingsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) =>
      c.json(
        getSalesSettings(requireSalesContext(deps, c), getSecretBox(deps.env), deps.env.SALES_HOST),
      ),
    )
    .patch('/', validate('json', SalesSettingsUpdateSchema), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 200, () =>
        updateSalesSettings(ctx, getSecretBox(deps.env), c.req.valid('json'), deps.env.SALES_HOST),
      )
    })
}
