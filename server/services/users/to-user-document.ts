import type { UserDocument } from '#schema/central'
import type { users } from '#schema/db/organisation'

/** The user fields a client may see: no hash, no token. */
export function toUserDocument(row: typeof users.$inferSelect): UserDocument {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    lastActive: row.lastActive,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    seq: row.seq,
  }
}
