import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { ActivityType } from '#schema/activity-types'
import type { ServiceContext } from '../../context.ts'
import { updateSyncedRow } from '../../db/synced-row.ts'
import { appendActivity } from './append-activity.ts'

/** A replicated table of named things (users, app connections). */
type NamedSyncedTable = SQLiteTable & { id: SQLiteColumn; name: SQLiteColumn }

/**
 * A writer of changes to one table's rows: each change to a row and its line in the
 * activity log (of `type`, the row's name as target, its id under `idKey` in the metadata)
 * in one transaction; the caller has checked that it may.
 */
export function loggedChangeWriter<T extends NamedSyncedTable>(
  table: T,
  line: { type: ActivityType; idKey: string },
) {
  return (
    ctx: ServiceContext,
    id: string,
    set: Partial<T['$inferInsert']>,
    activity: { action: string; metadata?: Record<string, unknown> },
  ): T['$inferSelect'] =>
    ctx.db.transaction((tx) => {
      const row = updateSyncedRow(tx, table, id, set)
      appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
        type: line.type,
        action: activity.action,
        target: row.name,
        metadata: { [line.idKey]: id, ...activity.metadata },
      })
      return row
    })
}
