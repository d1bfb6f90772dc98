import { Hono } from 'hono'
import { NotificationPreferencesUpdateSchema } from '#schema/central'
import { describePendingChange, EmailChangeSchema, EmailChangeTokenParamSchema } from '#schema/mail'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { findRequestSalesUser, requireSalesContext } from '../auth/require-sales-context.ts'
import { getClientAddress } from '../http/client-address.ts'
import { findMailLinkBases } from '../http/mail-link-bases.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import {
  getSalesNotificationPreferences,
  updateSalesNotificationPreferences,
} from '../services/notifications/sales-notification-preferences.ts'
import { confirmSalesAddressChange } from '../services/sales-address-change/confirm-sales-address-change.ts'
import {
  readSalesAddressChange,
  requestSalesAddressChange,
} from '../services/sales-address-change/request-sales-address-change.ts'

/**
 * The signed-in Gold Estates account's own settings: GET/PATCH …/gold-estates/profile/
 * notifications, and its own address (GET/POST …/profile/email; the mailed link posts to
 * …/profile/email/confirm/:token, with or without a sales session; decision 037).
 */
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
    .get('/email', (c) => {
      c.header('cache-control', 'no-store')
      return c.json(readSalesAddressChange(requireSalesContext(deps, c)))
    })
    .post('/email', validate('json', EmailChangeSchema), async (c) => {
      const ctx = requireSalesContext(deps, c)
      // Each request mails two addresses: counted per account, refused past the limit.
      const account = `sales:${ctx.actor.organisationId}:${ctx.salesUser.id}`
      await deps.throttles.addressChange.check(account)
      await deps.throttles.addressChange.record(account)
      // The link opens on the host the change was asked on (SALES_HOST or /gold-estates).
      const salesBase = findMailLinkBases(c, deps.env).sales
      const input = { ...c.req.valid('json'), salesBase }
      const { pending } = await requestSalesAddressChange(ctx, deps, input)
      return c.json({ pending, message: describePendingChange(pending.email) }, 202)
    })
    .post('/email/confirm/:token', validate('param', EmailChangeTokenParamSchema), async (c) => {
      const user = findRequestSalesUser(deps, c)
      const signedIn = user && { organisationId: user.organisationId, userId: user.id }
      const { email } = await deps.throttles.setup.countFailure(
        getClientAddress(c, deps.env.TRUST_PROXY),
        async () =>
          confirmSalesAddressChange(deps, { token: c.req.valid('param').token, signedIn }),
      )
      return c.json({ email, message: `Je e-mailadres is gewijzigd naar ${email}.` })
    })
}
