import { eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { changedSyncedRow } from '../../db/synced-row.ts'
import { appendActivity } from '../activities/append-activity.ts'

type UserColumns = Partial<typeof users.$inferInsert>

/**
 * Writes a change to a user's row and its line in the activity log ("Gebruiker
 * bijgewerkt", …) in one transaction; the caller has checked that it may.
 */
export function writeUserChange(
  ctx: ServiceContext,
  id: string,
  set: UserColumns,
  activity: { action: string; metadata?: Record<string, unknown> },
) {
  return ctx.db.transaction((tx) => {
    const row = tx
      .update(users)
      .set({ ...set, ...changedSyncedRow(tx) })
      .where(eq(users.id, id))
      .returning()
      .get()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'user',
      action: activity.action,
      target: row.name,
      metadata: { userId: id, ...activity.metadata },
    })
    return row
  })
}
