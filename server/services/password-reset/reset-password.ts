import { eq } from 'drizzle-orm'
import { salesUsers, users } from '#schema/db/organisation'
import { type AccountKind, passwordResetTokens } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { hashPassword } from '../../auth/password.ts'
import { hashToken } from '../../auth/tokens.ts'
import { claimLinkToken } from '../../db/claim-link-token.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendOwnAccountActivity } from '../activities/append-activity.ts'
import { settlePasswordLink } from '../sign-in/settle-password-link.ts'
import { findResettableAccount } from './find-resettable-accounts.ts'

/** What the reset page shows for a link that no longer works (docs/behaviour.md). */
export const RESET_REFUSALS = {
  unknown: 'Deze herstellink is ongeldig. Vraag een nieuwe aan via Wachtwoord vergeten.',
  used: 'Deze herstellink is al gebruikt. Vraag een nieuwe aan via Wachtwoord vergeten.',
  expired: 'Deze herstellink is verlopen. Vraag een nieuwe aan via Wachtwoord vergeten.',
  changed:
    'Het wachtwoord van dit account is sinds deze link gewijzigd. Vraag een nieuwe link aan als dat nodig is.',
  inactive: 'Dit account kan niet inloggen. Neem contact op met je beheerder.',
} as const

function findUsableToken(deps: Pick<AppDeps, 'systemDb' | 'organisations'>, tokenHash: string) {
  const token = deps.systemDb
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .get()
  if (!token) throw new AppError('invalid_input', RESET_REFUSALS.unknown)
  if (token.usedAt !== null) throw new AppError('invalid_input', RESET_REFUSALS.used)
  if (token.expiresAt <= Date.now()) throw new AppError('invalid_input', RESET_REFUSALS.expired)
  const account = findResettableAccount(deps, token.kind, token.organisationId, token.userId)
  if (!account) throw new AppError('forbidden', RESET_REFUSALS.inactive)
  if (hashToken(account.passwordHash) !== token.passwordFingerprint)
    throw new AppError('invalid_input', RESET_REFUSALS.changed)
  return { token, account }
}

/**
 * Sets a new password through a reset link: the link's one account only, once, within
 * its hour, while the account may sign in and still has the password the link was issued
 * against. Every session of the account ends, so whoever knew the old password is out.
 */
export async function resetPassword(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'directory' | 'organisations'>,
  input: { token: string; password: string },
): Promise<{ kind: AccountKind; organisationId: string; userId: string }> {
  const tokenHash = hashToken(input.token)
  findUsableToken(deps, tokenHash)
  const passwordHash = await hashPassword(input.password, deps.env)
  // Checked again after the await, and claimed in one statement: of two requests racing
  // with the same link, one sets the password.
  const { token, account } = findUsableToken(deps, tokenHash)
  claimLinkToken(deps.systemDb, passwordResetTokens, tokenHash, RESET_REFUSALS.used)
  const db = deps.organisations.get(token.organisationId)
  const now = Date.now()
  if (token.kind === 'central') {
    db.transaction((tx) => {
      tx.update(users)
        .set({ passwordHash, seq: takeNextSeq(tx), updatedAt: now })
        .where(eq(users.id, token.userId))
        .run()
      appendOwnAccountActivity(
        tx,
        token.organisationId,
        { id: token.userId, name: account.name },
        'Wachtwoord gewijzigd via herstellink',
      )
    })
  } else {
    db.update(salesUsers)
      .set({ passwordHash, updatedAt: now })
      .where(eq(salesUsers.id, token.userId))
      .run()
  }
  await settlePasswordLink(deps, token, { email: account.email, passwordHash })
  return { kind: token.kind, organisationId: token.organisationId, userId: token.userId }
}
