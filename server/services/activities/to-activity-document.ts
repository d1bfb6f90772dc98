import type { ActivityDocument } from '#schema/central'
import type { activities } from '#schema/db/organisation'

/** An activity as clients see it. */
export function toActivityDocument(row: typeof activities.$inferSelect): ActivityDocument {
  return {
    id: row.id,
    type: row.type,
    user: row.user,
    action: row.action,
    target: row.target,
    timestamp: row.timestamp,
    updatedAt: row.updatedAt,
    seq: row.seq,
  }
}
