import type { SystemDb } from '../../db/system-db.ts'
import { findDirectoryEntries, findDirectoryEntryIn } from '../sign-in/find-directory-entries.ts'

/** The central accounts with this e-mail, one per organisation at most (bounded). */
export function findCentralAccounts(
  systemDb: SystemDb,
  email: string,
  preferred: readonly string[] = [],
) {
  return findDirectoryEntries(systemDb, 'central', email, preferred)
}

/** The central account with this e-mail in one organisation, from the login directory. */
export function findCentralAccountIn(systemDb: SystemDb, email: string, organisationId: string) {
  return findDirectoryEntryIn(systemDb, 'central', email, organisationId)
}
