import { PASSWORD_RESET_TTL_MS } from '#schema/constants'
import { type AccountKind, passwordResetTokens } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { getSecretBox } from '../../auth/secret-box.ts'
import { generateToken, hashToken } from '../../auth/tokens.ts'
import { queueMail } from '../../mail/queue-mail.ts'
import { type ResetChoice, renderResetMail } from '../../mail/reset-mail.tsx'
import { findResettableAccounts } from './find-resettable-accounts.ts'

/** Where a reset link of each area opens: `<base>/reset-password/<token>`. */
export type ResetLinkBases = { central: string; sales: string }

/**
 * Sends the address one mail listing a reset link for each of its accounts of `kind` that
 * may sign in (one organisation or several), or nothing when there is none. The tokens
 * (stored hashed) and the mail are written in one transaction of the system file; the
 * delivery job sends the mail after commit.
 */
export async function requestPasswordReset(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'directory' | 'organisations' | 'log'>,
  input: { kind: AccountKind; email: string; bases: ResetLinkBases },
) {
  const accounts = await findResettableAccounts(deps, input.kind, input.email)
  if (accounts.length === 0) return
  const now = Date.now()
  const issued = accounts.map((account) => ({ account, token: generateToken() }))
  const choices: ResetChoice[] = issued.map(({ account, token }) => ({
    organisationName: account.organisationName,
    area: account.kind,
    url: `${input.bases[account.kind]}/reset-password/${token}`,
  }))
  const mail = await renderResetMail(choices, Math.round(PASSWORD_RESET_TTL_MS / 60_000))
  const box = getSecretBox(deps.env)
  const outboxId = deps.systemDb.transaction((tx) => {
    for (const { account, token } of issued) {
      tx.insert(passwordResetTokens)
        .values({
          tokenHash: hashToken(token),
          kind: account.kind,
          organisationId: account.organisationId,
          userId: account.userId,
          passwordFingerprint: hashToken(account.passwordHash),
          expiresAt: now + PASSWORD_RESET_TTL_MS,
          createdAt: now,
          // Kept for the outbox page instead (no SMTP_URL), its link proves nothing.
          mailed: Boolean(deps.env.SMTP_URL),
        })
        .run()
    }
    return queueMail(
      tx,
      { env: deps.env, box },
      { ...mail, kind: 'password-reset', to: input.email },
    )
  })
  // One line, no address, link or token: the outbox page (or the mail server) has the rest.
  deps.log.info(deps.env.SMTP_URL ? 'mail queued' : 'mail kept for the outbox page', {
    outboxId,
    kind: 'password-reset',
  })
}
