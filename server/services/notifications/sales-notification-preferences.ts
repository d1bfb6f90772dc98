import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { NotificationPreferences, NotificationPreferencesUpdateSchema } from '#schema/central'
import { salesUsers } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'

type SalesContext = ServiceContext & { salesUser: { id: string } }

/** The signed-in Gold Estates account's own switches ("E-mailmeldingen", "Activiteitsmeldingen"). */
export function getSalesNotificationPreferences(ctx: SalesContext): NotificationPreferences {
  const user = ctx.db
    .select({
      emailNotifications: salesUsers.emailNotifications,
      activityAlerts: salesUsers.activityAlerts,
    })
    .from(salesUsers)
    .where(eq(salesUsers.id, ctx.salesUser.id))
    .get()
  if (!user) throw new AppError('not_found', 'Account niet gevonden')
  return user
}

/** Changes the signed-in Gold Estates account's own switches; the activity log records it. */
export function updateSalesNotificationPreferences(
  ctx: SalesContext,
  changes: z.infer<typeof NotificationPreferencesUpdateSchema>,
) {
  ctx.db.transaction((tx) => {
    tx.update(salesUsers)
      .set({ ...changes, updatedAt: Date.now() })
      .where(eq(salesUsers.id, ctx.salesUser.id))
      .run()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'settings',
      action: 'Meldingsvoorkeuren bijgewerkt',
      target: ctx.actor.name,
      metadata: { salesUserId: ctx.salesUser.id, changes },
    })
  })
  return getSalesNotificationPreferences(ctx)
}
