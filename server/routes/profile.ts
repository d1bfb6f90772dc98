import { Hono } from 'hono'
import { NotificationPreferencesUpdateSchema } from '#schema/central'
import { describePendingChange, EmailChangeSchema, EmailChangeTokenParamSchema } from '#schema/mail'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { findCentralUser } from '../auth/current-central-user.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { getClientAddress } from '../http/client-address.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { confirmAddressChange } from '../services/address-change/confirm-address-change.ts'
import { readAddressChange } from '../services/address-change/read-address-change.ts'
import { requestAddressChange } from '../services/address-change/request-address-change.ts'
import { getNotificationPreferences } from '../services/users/get-notification-preferences.ts'
import { updateNotificationPreferences } from '../services/users/update-notification-preferences.ts'

/**
 * The signed-in user's own settings: GET/PATCH /api/profile/notifications, and the own
 * address (GET/POST /api/profile/email; the mailed link posts to
 * /api/profile/email/confirm/:token, with or without a session).
 */
export function profileRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/notifications', (c) =>
      c.json(getNotificationPreferences(requireServiceContext(deps, c))),
    )
    .patch('/notifications', validate('json', NotificationPreferencesUpdateSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(c, ctx, 200, () => updateNotificationPreferences(ctx, c.req.valid('json')))
    })
    .get('/email', (c) => {
      c.header('cache-control', 'no-store')
      return c.json(readAddressChange(requireServiceContext(deps, c)))
    })
    .post('/email', validate('json', EmailChangeSchema), async (c) => {
      const ctx = requireServiceContext(deps, c)
      // Each request mails two addresses: counted per account, refused past the limit.
      const account = `central:${ctx.actor.organisationId}:${ctx.actor.userId}`
      await deps.throttles.addressChange.check(account)
      await deps.throttles.addressChange.record(account)
      const { pending } = await requestAddressChange(ctx, deps, c.req.valid('json'))
      return c.json({ pending, message: describePendingChange(pending.email) }, 202)
    })
    .post('/email/confirm/:token', validate('param', EmailChangeTokenParamSchema), async (c) => {
      const user = findCentralUser(deps, c)
      const signedIn = user && { organisationId: user.organisationId, userId: user.id }
      const { email } = await deps.throttles.setup.countFailure(
        getClientAddress(c, deps.env.TRUST_PROXY),
        async () => confirmAddressChange(deps, { token: c.req.valid('param').token, signedIn }),
      )
      return c.json({ email, message: `Je e-mailadres is gewijzigd naar ${email}.` })
    })
}
