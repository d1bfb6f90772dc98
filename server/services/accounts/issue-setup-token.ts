import { and, eq, isNull } from 'drizzle-orm'
import { SETUP_TOKEN_TTL_MS } from '#schema/constants'
import { salesUsers, users } from '#schema/db/organisation'
import { type AccountKind, setupTokens } from '#schema/db/system'
import { generateToken, hashToken } from '../../auth/tokens.ts'
import type { ServiceContext } from '../../context.ts'
import type { SystemDb } from '../../db/system-db.ts'

type SystemTx = Parameters<Parameters<SystemDb['transaction']>[0]>[0]

/** An invitation mail's part in issuing a token (send-invitation.ts). */
export type MailedToken = {
  /** The token the mail's link carries (the mail is rendered before the write). */
  token: string
  /** Writes the mail to the outbox in the token's own transaction. */
  queue: (tx: SystemTx) => void
}

/**
 * Issues a setup link token for a central or sales user: random, stored only as its hash,
 * valid for 7 days. Earlier unused tokens of the same user stop working. With `mailed`,
 * the token is the mail's and the mail is queued with it: the link reaches only the
 * address, and a password set through it proves the address (decision 033).
 */
export function issueSetupToken(
  ctx: Pick<ServiceContext, 'db' | 'systemDb'>,
  organisationId: string,
  userId: string,
  kind: AccountKind = 'central',
  mailed?: MailedToken,
): { token: string; expiresAt: number } {
  const token = mailed?.token ?? generateToken()
  const tokenHash = hashToken(token)
  const now = Date.now()
  const expiresAt = now + SETUP_TOKEN_TTL_MS
  ctx.systemDb.transaction((tx) => {
    tx.update(setupTokens)
      .set({ usedAt: now })
      .where(and(eq(setupTokens.userId, userId), isNull(setupTokens.usedAt)))
      .run()
    tx.insert(setupTokens)
      .values({
        tokenHash,
        kind,
        organisationId: organisationId,
        userId,
        expiresAt,
        createdAt: now,
        mailed: mailed !== undefined,
      })
      .run()
    mailed?.queue(tx)
  })
  const table = kind === 'central' ? users : salesUsers
  ctx.db
    .update(table)
    .set({ setupTokenHash: tokenHash, setupTokenExpires: expiresAt })
    .where(eq(table.id, userId))
    .run()
  return { token, expiresAt }
}
