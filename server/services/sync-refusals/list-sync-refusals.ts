import { desc, inArray } from 'drizzle-orm'
import { salesUsers, syncQueue, users } from '#schema/db/organisation'
import {
  pickRefusedValues,
  SYNC_LABEL_FIELDS,
  SYNC_REFUSALS_LIMIT,
  type SyncOperation,
  type SyncRefusal,
  type SyncRefusalScope,
} from '#schema/sync-refusals'
import type { ServiceContext } from '../../context.ts'
import { type RefusalArea, whereRefusals } from './refusal-area.ts'

type QueueRow = typeof syncQueue.$inferSelect

function labelOf(row: QueueRow) {
  const field = SYNC_LABEL_FIELDS[row.entity]
  const value = field ? row.payload?.[field] : undefined
  return typeof value === 'string' && value.trim() ? value : row.entityId
}

function findNames(ctx: ServiceContext, area: RefusalArea, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>()
  const people = area.people === 'sales' ? salesUsers : users
  const rows = ctx.db
    .select({ id: people.id, name: people.name })
    .from(people)
    .where(inArray(people.id, ids))
    .all()
  return new Map(rows.map((row) => [row.id, row.name]))
}

/**
 * The area's refused writes that are not dismissed, newest first: the actor's own, or
 * with scope 'organisation' everyone's (needs the area's permission), each with the
 * name of the person who made it.
 */
export function listSyncRefusals(
  ctx: ServiceContext,
  area: RefusalArea,
  scope: SyncRefusalScope,
): SyncRefusal[] {
  const rows = ctx.db
    .select()
    .from(syncQueue)
    .where(whereRefusals(ctx, area, scope))
    // Ids are UUID v7: within one millisecond they still sort in the order written.
    .orderBy(desc(syncQueue.createdAt), desc(syncQueue.id))
    .limit(SYNC_REFUSALS_LIMIT)
    .all()
  const names = findNames(ctx, area, [...new Set(rows.map((row) => row.userId))])
  return rows.map((row) => {
    const userName = names.get(row.userId)
    return {
      id: row.id,
      collection: row.entity,
      // push.ts writes only these, and no file restores sync_queue rows.
      operation: row.operation as SyncOperation,
      entityId: row.entityId,
      label: labelOf(row),
      reason: row.error ?? '',
      createdAt: row.createdAt,
      userId: row.userId,
      ...(userName !== undefined && { userName }),
      values: pickRefusedValues(row.entity, row.payload),
    }
  })
}
