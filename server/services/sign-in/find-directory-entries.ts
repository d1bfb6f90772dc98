import { and, asc, eq } from 'drizzle-orm'
import { type AccountKind, loginDirectory } from '#schema/db/system'
import type { SystemDb } from '../../db/system-db.ts'
import { MAX_ENTRIES_PER_ADDRESS } from './match-password.ts'

const byAddress = (kind: AccountKind, email: string) =>
  and(eq(loginDirectory.email, email.trim().toLowerCase()), eq(loginDirectory.kind, kind))

/**
 * The accounts of `kind` with this e-mail, one per organisation at most, from the login
 * directory (bounded: MAX_ENTRIES_PER_ADDRESS).
 */
export function findDirectoryEntries(systemDb: SystemDb, kind: AccountKind, email: string) {
  return systemDb
    .select()
    .from(loginDirectory)
    .where(byAddress(kind, email))
    .orderBy(asc(loginDirectory.organisationId))
    .limit(MAX_ENTRIES_PER_ADDRESS)
    .all()
}

/** The directory entry of `kind` with this e-mail in one organisation. */
export function findDirectoryEntryIn(
  systemDb: SystemDb,
  kind: AccountKind,
  email: string,
  organisationId: string,
) {
  return systemDb
    .select()
    .from(loginDirectory)
    .where(and(byAddress(kind, email), eq(loginDirectory.organisationId, organisationId)))
    .get()
}
