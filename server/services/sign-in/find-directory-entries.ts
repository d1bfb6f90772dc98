import { and, asc, eq } from 'drizzle-orm'
import { type AccountKind, loginDirectory } from '#schema/db/system'
import type { SystemDb } from '../../db/system-db.ts'
import { MAX_ENTRIES_PER_ADDRESS } from './match-password.ts'

const byAddress = (kind: AccountKind, email: string) =>
  and(eq(loginDirectory.email, email.trim().toLowerCase()), eq(loginDirectory.kind, kind))

/**
 * The accounts of `kind` with this e-mail, one per organisation at most, from the login
 * directory (bounded: MAX_ENTRIES_PER_ADDRESS). Those of the `preferred` organisations
 * (a sign-in's remembered and proven accounts, decision 033) are always among them, however
 * many other organisations typed the address.
 */
export function findDirectoryEntries(
  systemDb: SystemDb,
  kind: AccountKind,
  email: string,
  preferred: readonly string[] = [],
) {
  const first = [...new Set(preferred)]
    .slice(0, MAX_ENTRIES_PER_ADDRESS)
    .flatMap((organisationId) => findDirectoryEntryIn(systemDb, kind, email, organisationId) ?? [])
  const rest = systemDb
    .select()
    .from(loginDirectory)
    .where(byAddress(kind, email))
    .orderBy(asc(loginDirectory.organisationId))
    .limit(MAX_ENTRIES_PER_ADDRESS)
    .all()
  const seen = new Set(first.map((entry) => entry.organisationId))
  return [...first, ...rest.filter((entry) => !seen.has(entry.organisationId))]
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
