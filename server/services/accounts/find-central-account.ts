import type { SystemDirectory } from '../../system-directory/system-directory.ts'
import { findDirectoryEntries } from '../sign-in/find-directory-entries.ts'

/** The central accounts with this e-mail, one per organisation at most (bounded). */
export function findCentralAccounts(
  directory: SystemDirectory,
  email: string,
  preferred: readonly string[] = [],
) {
  return findDirectoryEntries(directory, 'central', email, preferred)
}

/** The central account with this e-mail in one organisation, from the login directory. */
export function findCentralAccountIn(
  directory: SystemDirectory,
  email: string,
  organisationId: string,
) {
  return directory.findEntryIn('central', email, organisationId)
}
