import { eq } from 'drizzle-orm'
import { type notificationOutbox, salesSettings, salesUsers } from '#schema/db/organisation'
import type { OrganisationDb } from '../db/organisation-db.ts'

/**
 * Why a notification's recipient gets nothing now, or null when the mail may go: read when
 * the mail leaves, so a switch turned off, an address changed or an account ended since
 * the row was written stops it (decision 034).
 */
export function findNotificationRefusal(
  db: OrganisationDb,
  row: typeof notificationOutbox.$inferSelect,
) {
  if (row.recipientKind === 'default-recipient') {
    const settings = db.select().from(salesSettings).get()
    if (!settings?.notificationsEnabled) return 'Meldingen staan uit in de instellingen'
    if (settings.defaultRecipientEmail !== row.recipient) return 'Andere standaardontvanger'
    return null
  }
  const user = db
    .select()
    .from(salesUsers)
    .where(eq(salesUsers.id, row.recipientId ?? ''))
    .get()
  if (user?.status !== 'active') return 'Account niet meer actief'
  if (user.email !== row.recipient) return 'Ander e-mailadres'
  if (!user.emailNotifications) return 'E-mailmeldingen staan uit'
  if (row.kind === 'review-digest' && !user.activityAlerts) return 'Activiteitsmeldingen staan uit'
  return null
}
