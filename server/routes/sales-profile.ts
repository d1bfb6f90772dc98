import { Hono } from 'hono'
import { NotificationPreferencesUpdateSchema } from '#schema/central'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import {
  getSalesNotificationPreferences,
  updateSalesNotificationPreferences,
} from '../services/notifications/sales-notification-preferences.ts'

/** The signed-in Gold Estates account's own settings: GET/PATCH …/gold-estates/profile/notifications. */
export function salesProfileRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/notifications', (c) =>
      c.json(getSalesNotificationPreferences(requireSalesContext(deps, c))),
    )
    .patch('/notifications', validate('json', NotificationPreferencesUpdateSchema), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 200, () =>
        updateSalesNotificationPreferences(ctx, c.req.valid('json')),
      )
    })
}
