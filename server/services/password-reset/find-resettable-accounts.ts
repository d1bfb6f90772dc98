import type { AccountKind } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { findUser } from '../accounts/find-user.ts'
import { getCentralRefusal } from '../accounts/open-central-session.ts'
import { findSalesUser } from '../sales-accounts/find-sales-account.ts'
import { getSalesRefusal } from '../sales-accounts/open-sales-session.ts'
import { findDirectoryEntries } from '../sign-in/find-directory-entries.ts'

/** An account a reset may reach: it has a password and its holder may sign in now. */
export type ResettableAccount = {
  kind: AccountKind
  organisationId: string
  organisationName: string
  userId: string
  passwordHash: string
}

/** The account of `kind` in its organisation when it may be reset; null otherwise. */
export function findResettableAccount(
  deps: Pick<AppDeps, 'organisations'>,
  kind: AccountKind,
  organisationId: string,
  userId: string,
) {
  const db = deps.organisations.get(organisationId)
  if (kind === 'central') {
    const user = findUser(db, userId)
    if (!user || user.organisationId !== organisationId || !user.passwordHash) return null
    return getCentralRefusal(user) === null ? { ...user, passwordHash: user.passwordHash } : null
  }
  const user = findSalesUser(db, userId)
  if (!user || user.organisationId !== organisationId || !user.passwordHash) return null
  return getSalesRefusal(deps, user) === null ? { ...user, passwordHash: user.passwordHash } : null
}

/**
 * The accounts of `kind` with this address that a reset may reach (bounded as sign-in
 * reads them): never one whose holder has not set a password, waits for approval or is
 * suspended, so a reset mail never activates an account nobody accepted.
 */
export async function findResettableAccounts(
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>,
  kind: AccountKind,
  email: string,
): Promise<ResettableAccount[]> {
  const entries = await findDirectoryEntries(deps.directory, kind, email)
  if (entries.length === 0) return []
  const named = await deps.directory.findOrganisationNames(
    entries.map((entry) => entry.organisationId),
  )
  const names = new Map(named.map((row) => [row.id, row.name]))
  return entries.flatMap((entry) => {
    const account = findResettableAccount(deps, kind, entry.organisationId, entry.userId)
    const organisationName = names.get(entry.organisationId)
    if (!account || organisationName === undefined) return []
    return [
      {
        kind,
        organisationId: entry.organisationId,
        organisationName,
        userId: entry.userId,
        passwordHash: account.passwordHash,
      },
    ]
  })
}
