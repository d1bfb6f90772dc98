import { eq } from 'drizzle-orm'
import { appConnections } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { changedSyncedRow } from '../../db/synced-row.ts'
import { appendActivity } from '../activities/append-activity.ts'

type AppConnectionColumns = Partial<typeof appConnections.$inferInsert>

/**
 * Writes a change to an app connection's row and its line in the activity log ("App
 * bijgewerkt", …) in one transaction; the caller has checked that it may.
 */
export function writeAppConnectionChange(
  ctx: ServiceContext,
  id: string,
  set: AppConnectionColumns,
  activity: { action: string; metadata?: Record<string, unknown> },
) {
  return ctx.db.transaction((tx) => {
    const row = tx
      .update(appConnections)
      .set({ ...set, ...changedSyncedRow(tx) })
      .where(eq(appConnections.id, id))
      .returning()
      .get()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'app',
      action: activity.action,
      target: row.name,
      metadata: { appConnectionId: id, ...activity.metadata },
    })
    return row
  })
}
