import { and, eq } from 'drizzle-orm'
import { loginDirectory } from '#schema/db/system'
import type { SystemDb } from '../../db/system-db.ts'

/** Where a central account with this e-mail lives, from the login directory. */
export function findCentralAccount(systemDb: SystemDb, email: string) {
  return systemDb
    .select()
    .from(loginDirectory)
    .where(
      and(eq(loginDirectory.email, email.trim().toLowerCase()), eq(loginDirectory.kind, 'central')),
    )
    .get()
}
