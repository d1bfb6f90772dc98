import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import {
  type NotificationKind,
  type NotificationRecipientKind,
  notificationOutbox,
  salesSellers,
  salesUsers,
} from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'

type Writer = Pick<OrganisationDb, 'select' | 'insert' | 'update'>

/** How long an import's notifications wait at most for its end (a crash releases them so). */
export const IMPORT_HOLD_MS = 10 * 60 * 1000

/** A notification to write: its kind, recipient and what the mail says. */
export type Notification = {
  kind: NotificationKind
  recipientKind: NotificationRecipientKind
  recipientId: string | null
  recipient: string
  payload: Record<string, unknown>
}

/**
 * Writes a notification to the organisation's outbox inside the caller's transaction, so
 * it exists exactly when its cause does; the mail delivery job sends it after commit. A
 * row of an import (`batch`) waits for releaseHeldNotifications, so the import's
 * notifications leave together, one mail per recipient.
 */
export function queueNotification(tx: Writer, notification: Notification, batch?: string) {
  const now = Date.now()
  tx.insert(notificationOutbox)
    .values({
      id: uuidv7(),
      ...notification,
      batch: batch ?? null,
      nextAttemptAt: batch ? now + IMPORT_HOLD_MS : now,
      createdAt: now,
    })
    .run()
}

/** Lets an import's held notifications go: the delivery job folds them per recipient. */
export function releaseHeldNotifications(db: Writer, batch: string) {
  db.update(notificationOutbox)
    .set({ batch: null, nextAttemptAt: Date.now() })
    .where(and(eq(notificationOutbox.batch, batch), eq(notificationOutbox.status, 'pending')))
    .run()
}

/**
 * The Gold Estates account a notification about a seller goes to: the seller's own
 * sign-in, active; null for a seller without one (they do not see the app either).
 */
export function findSellerAccount(db: Writer, sellerId: string) {
  const row = db
    .select({ id: salesUsers.id, email: salesUsers.email, status: salesUsers.status })
    .from(salesSellers)
    .innerJoin(salesUsers, eq(salesUsers.id, salesSellers.userId))
    .where(and(eq(salesSellers.id, sellerId), eq(salesSellers.deleted, false)))
    .get()
  return row && row.status === 'active' ? row : null
}

/** The Gold Estates account with this id, active; null otherwise (a central author). */
export function findSalesAccount(db: Writer, salesUserId: string | null) {
  if (!salesUserId) return null
  const row = db
    .select({ id: salesUsers.id, email: salesUsers.email, status: salesUsers.status })
    .from(salesUsers)
    .where(eq(salesUsers.id, salesUserId))
    .get()
  return row && row.status === 'active' ? row : null
}
