import type Database from 'better-sqlite3'
import { launchKeyOf } from '#schema/db/system'
import type { DirectoryEntry, SystemDirectory } from '../../system-directory/system-directory.ts'

type SalesUserRow = {
  id: string
  email: string
  centraalUserId: string | null
  passwordHash: string | null
}

// A launch account (a central user's link, no password of its own) is keyed by that
// central user's id; every sign-in by its address.
function directoryKeyOf(user: SalesUserRow) {
  return user.centraalUserId && !user.passwordHash ? launchKeyOf(user.centraalUserId) : user.email
}

/**
 * Rebuilds an organisation's part of the login directory from its file (after a restore),
 * in one transaction of the directory. Only this organisation's entries are replaced: the
 * same address in another organisation is another account and stays as it is.
 */
export function rebuildLoginDirectory(
  client: Database.Database,
  directory: SystemDirectory,
  organisationId: string,
) {
  const centralUsers = client
    .prepare('select id, email, oidc_subject as oidcSubject from users where deleted = 0')
    .all() as { id: string; email: string; oidcSubject: string | null }[]
  const salesUsers = client
    .prepare(
      'select id, email, centraal_user_id as centraalUserId, password_hash as passwordHash from sales_users',
    )
    .all() as SalesUserRow[]
  const entries: DirectoryEntry[] = [
    ...centralUsers.map((user) => ({
      email: user.email,
      kind: 'central' as const,
      organisationId,
      userId: user.id,
      oidcSubject: user.oidcSubject,
    })),
    // A file may hold two launch accounts of one person (an older version's); the first
    // keeps the key (replaceOrganisationEntries), the other can no longer be entered.
    ...salesUsers.map((user) => ({
      email: directoryKeyOf(user),
      kind: 'sales' as const,
      organisationId,
      userId: user.id,
      oidcSubject: null,
    })),
  ]
  return directory.replaceOrganisationEntries(organisationId, entries)
}
