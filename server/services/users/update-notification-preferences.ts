import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { NotificationPreferencesUpdateSchema } from '#schema/central'
import { users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { getNotificationPreferences, requireActorUserId } from './get-notification-preferences.ts'
import { requireLiveUser } from './require-live-user.ts'

/**
 * Changes the actor's own notification switches. They are not part of the replicated user
 * projection, so the row keeps its seq; the activity that records the change replicates.
 */
export function updateNotificationPreferences(
  ctx: ServiceContext,
  changes: z.infer<typeof NotificationPreferencesUpdateSchema>,
) {
  const userId = requireActorUserId(ctx)
  const user = requireLiveUser(ctx, userId)
  ctx.db.transaction((tx) => {
    tx.update(users)
      .set({ ...changes, updatedAt: Date.now() })
      .where(eq(users.id, userId))
      .run()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'settings',
      action: 'Meldingsvoorkeuren bijgewerkt',
      target: user.name,
      metadata: { userId, changes },
    })
  })
  return getNotificationPreferences(ctx)
}
