import type { SystemDb } from '../../db/system-db.ts'
import { endAccountSessions } from '../../system-directory/session-lifetime.ts'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'
import { type AccountRef, recordAddressProof } from './address-proofs.ts'

/**
 * What follows a password set through a link (setup or reset): a link that only the
 * address received proves it (whoever set this password reads its mail), and every
 * session of the account ends.
 */
export async function settlePasswordLink(
  deps: { systemDb: SystemDb; directory: SystemDirectory },
  token: AccountRef & { mailed: boolean },
  account: { email: string; passwordHash: string },
) {
  const { kind, organisationId, userId } = token
  if (token.mailed) recordAddressProof(deps.systemDb, { kind, organisationId, userId, ...account })
  await endAccountSessions(deps.directory, { kind, organisationId, userId })
}
