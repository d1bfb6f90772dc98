import { and, eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { changedSyncedRow } from '../../db/synced-row.ts'

type UserColumns = Partial<typeof users.$inferInsert>

/**
 * Notes that a central user has just acted (a sign-in, SSO, Gold Estates): lastActive, with
 * a new seq, so every device shows "Laatst actief" as the server knows it. `also` carries
 * the sign-in's own columns (SSO's first link) in the same write. The id is always the one
 * the sign-in itself proved; no request names it. A deleted user is left alone.
 */
export function noteUserActive(db: OrganisationDb, userId: string, also: UserColumns = {}) {
  db.transaction((tx) => {
    tx.update(users)
      .set({ ...also, lastActive: Date.now(), ...changedSyncedRow(tx) })
      .where(and(eq(users.id, userId), eq(users.deleted, false)))
      .run()
  })
}
