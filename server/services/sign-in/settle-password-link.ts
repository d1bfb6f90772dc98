import { deleteUserSessions } from '../../auth/sessions.ts'
import type { SystemDb } from '../../db/system-db.ts'
import { type AccountRef, recordAddressProof } from './address-proofs.ts'

/**
 * What follows a password set through a link (setup or reset): a link that only the
 * address received proves it (whoever set this password reads its mail), and every
 * session of the account ends.
 */
export function settlePasswordLink(
  systemDb: SystemDb,
  token: AccountRef & { mailed: boolean },
  account: { email: string; passwordHash: string },
) {
  const { kind, organisationId, userId } = token
  if (token.mailed) recordAddressProof(systemDb, { kind, organisationId, userId, ...account })
  deleteUserSessions(systemDb, { kind, organisationId, userId })
}
