import type { AppDeps } from '../../app-deps.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { AppError } from '../../errors/app-error.ts'
import {
  CONFIRM_REFUSALS,
  claimChangeToken,
  followAddressChange,
  type readChangeToken,
} from './change-tokens.ts'

type OrganisationTx = Parameters<Parameters<OrganisationDb['transaction']>[0]>[0]

/**
 * The part of a confirmation both areas share, once their own checks passed: the token is
 * claimed, `write` puts the new address in the organisation's file in one transaction (an
 * address taken in the moment between check and write, caught by the unique index, is
 * refused as taken), and the system file and the login directory follow (followAddressChange).
 */
export async function applyAddressChange(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'directory'>,
  db: OrganisationDb,
  token: ReturnType<typeof readChangeToken>,
  account: { email: string; passwordHash: string | null },
  write: (tx: OrganisationTx) => void,
) {
  claimChangeToken(deps.systemDb, token.tokenHash)
  try {
    db.transaction(write)
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw new AppError('conflict', CONFIRM_REFUSALS.taken)
    }
    throw error
  }
  await followAddressChange(
    deps,
    { ...token, oldEmail: account.email },
    { mailed: Boolean(deps.env.SMTP_URL), passwordHash: account.passwordHash },
  )
  return { email: token.newEmail }
}
