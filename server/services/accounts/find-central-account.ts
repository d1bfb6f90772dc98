import { and, asc, eq } from 'drizzle-orm'
import { loginDirectory } from '#schema/db/system'
import type { SystemDb } from '../../db/system-db.ts'
import { MAX_ENTRIES_PER_ADDRESS } from '../sign-in/match-password.ts'

/**
 * The central accounts with this e-mail, one per organisation at most, from the login
 * directory (bounded: MAX_ENTRIES_PER_ADDRESS).
 */
export function findCentralAccounts(systemDb: SystemDb, email: string) {
  return systemDb
    .select()
    .from(loginDirectory)
    .where(
      and(eq(loginDirectory.email, email.trim().toLowerCase()), eq(loginDirectory.kind, 'central')),
    )
    .orderBy(asc(loginDirectory.organizationId))
    .limit(MAX_ENTRIES_PER_ADDRESS)
    .all()
}

/** The central account with this e-mail in one organisation, from the login directory. */
export function findCentralAccountIn(systemDb: SystemDb, email: string, organisationId: string) {
  return systemDb
    .select()
    .from(loginDirectory)
    .where(
      and(
        eq(loginDirectory.email, email.trim().toLowerCase()),
        eq(loginDirectory.kind, 'central'),
        eq(loginDirectory.organizationId, organisationId),
      ),
    )
    .get()
}
