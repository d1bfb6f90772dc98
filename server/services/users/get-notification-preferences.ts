import type { NotificationPreferences } from '#schema/central'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { requireLiveUser } from './require-live-user.ts'

/** The actor's own notification switches (Instellingen → Algemeen); every user has them. */
export function getNotificationPreferences(ctx: ServiceContext): NotificationPreferences {
  const user = requireLiveUser(ctx, requireActorUserId(ctx))
  return { emailNotifications: user.emailNotifications, activityAlerts: user.activityAlerts }
}

/** The id of the signed-in person acting; a system actor has no preferences. */
export function requireActorUserId(ctx: ServiceContext): string {
  if (!ctx.actor.userId) throw new AppError('forbidden', 'Alleen voor ingelogde gebruikers')
  return ctx.actor.userId
}
