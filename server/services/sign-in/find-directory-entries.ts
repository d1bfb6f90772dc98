import type { AccountKind } from '#schema/db/system'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'
import { MAX_ENTRIES_PER_ADDRESS } from './match-password.ts'

/**
 * The accounts of `kind` with this e-mail, one per organisation at most, from the login
 * directory (bounded: MAX_ENTRIES_PER_ADDRESS). Those of the `preferred` organisations
 * (a sign-in's remembered and proven accounts, decision 033) are always among them, however
 * many other organisations typed the address.
 */
export function findDirectoryEntries(
  directory: SystemDirectory,
  kind: AccountKind,
  email: string,
  preferred: readonly string[] = [],
) {
  return directory.findEntries(kind, email, { preferred, limit: MAX_ENTRIES_PER_ADDRESS })
}
