import { Hono } from 'hono'
import { NotificationPreferencesUpdateSchema } from '#schema/central'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { getNotificationPreferences } from '../services/users/get-notification-preferences.ts'
import { updateNotificationPreferences } from '../services/users/update-notification-preferences.ts'

/** The signed-in user's own settings: GET/PATCH /api/profile/notifications. */
export function profileRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/notifications', (c) =>
      c.json(getNotificationPreferences(requireServiceContext(deps, c))),
    )
    .patch('/notifications', validate('json', NotificationPreferencesUpdateSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(c, ctx, 200, () => updateNotificationPreferences(ctx, c.req.valid('json')))
    })
}
