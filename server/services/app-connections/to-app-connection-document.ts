import type { AppConnectionDocument } from '#schema/central'
import type { appConnections } from '#schema/db/organisation'

/** The app connection fields a client may see: no API key hash. */
export function toAppConnectionDocument(
  row: typeof appConnections.$inferSelect,
): AppConnectionDocument {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    description: row.description,
    status: row.status,
    users: row.users,
    lastSync: row.lastSync,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    seq: row.seq,
  }
}
