import { and, eq } from 'drizzle-orm'
import { salesSettings, salesUsers, users } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import type { UnsubscribeTarget } from '../../mail/notification-links.ts'
import { appendActivity } from '../activities/append-activity.ts'

/**
 * A mail's one-click unsubscribe (RFC 8058): a Gold Estates account's "E-mailmeldingen"
 * goes off, for the default recipient the sales settings' notifications, for a Centraal
 * administrator their "Activiteitsmeldingen". Only while the
 * address is still the one the mail went to. Answers whether a switch was on.
 */
export async function unsubscribe(
  deps: Pick<AppDeps, 'directory' | 'organisations'>,
  target: UnsubscribeTarget,
) {
  if (!(await deps.directory.findOrganisation(target.organisationId))) return false
  const db = deps.organisations.get(target.organisationId)
  const author = { userId: target.recipientId, name: target.email }
  return db.transaction((tx) => {
    if (target.kind === 'central-user') {
      const changed = tx
        .update(users)
        .set({ activityAlerts: false, updatedAt: Date.now() })
        .where(
          and(
            eq(users.id, target.recipientId ?? ''),
            eq(users.email, target.email),
            eq(users.activityAlerts, true),
          ),
        )
        .run().changes
      if (changed === 0) return false
      appendActivity(tx, target.organisationId, author, {
        type: 'settings',
        action: 'Activiteitsmeldingen uitgezet via de afmeldlink',
        target: target.email,
      })
      return true
    }
    const changed =
      target.kind === 'sales-user'
        ? tx
            .update(salesUsers)
            .set({ emailNotifications: false, updatedAt: Date.now() })
            .where(
              and(
                eq(salesUsers.id, target.recipientId ?? ''),
                eq(salesUsers.email, target.email),
                eq(salesUsers.emailNotifications, true),
              ),
            )
            .run().changes
        : tx
            .update(salesSettings)
            .set({ notificationsEnabled: false, updatedAt: Date.now() })
            .where(
              and(
                eq(salesSettings.defaultRecipientEmail, target.email),
                eq(salesSettings.notificationsEnabled, true),
              ),
            )
            .run().changes
    if (changed === 0) return false
    appendActivity(tx, target.organisationId, author, {
      type: 'settings',
      action:
        target.kind === 'sales-user'
          ? 'E-mailmeldingen uitgezet via de afmeldlink'
          : 'Meldingen van nieuwe verkopen uitgezet via de afmeldlink',
      target: target.email,
    })
    return true
  })
}
