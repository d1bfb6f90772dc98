import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { organisations } from '#schema/db/system'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { AppError } from '../http/app-error.ts'
import { validate } from '../http/validate.ts'
import { readUnsubscribeToken } from '../mail/unsubscribe-link.ts'
import { findUser } from '../services/accounts/find-user.ts'
import { updateNotificationPreferences } from '../services/users/update-notification-preferences.ts'

const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(2000) })

const REFUSED = 'Deze afmeldlink is ongeldig. Zet je meldingen uit in Instellingen → Meldingen.'

/**
 * POST /api/mail/unsubscribe?token=…: the one-click List-Unsubscribe of notification mails
 * (RFC 8058). The sealed token names the account and the switch; no session is needed, as
 * the mail client posts it. Turning a switch off twice is the same as once.
 */
export function mailUnsubscribeRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/unsubscribe', validate('query', UnsubscribeQuerySchema), (c) => {
    const target = readUnsubscribeToken(getSecretBox(deps.env), c.req.valid('query').token)
    const known =
      target &&
      deps.systemDb
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, target.organisationId))
        .get()
    if (!target || !known) throw new AppError('invalid_input', REFUSED)
    const db = deps.organisations.get(target.organisationId)
    const user = findUser(db, target.userId)
    if (!user || user.organisationId !== target.organisationId) {
      throw new AppError('invalid_input', REFUSED)
    }
    const ctx = {
      db,
      systemDb: deps.systemDb,
      actor: {
        userId: user.id,
        name: user.name,
        role: null,
        organisationId: target.organisationId,
        permissions: new Set<never>(),
      },
    }
    updateNotificationPreferences(ctx, { [target.off]: false })
    return c.json({ message: 'Je ontvangt deze meldingen niet meer per e-mail.' })
  })
}
