import { and, eq, isNull } from 'drizzle-orm'
import { SETUP_TOKEN_TTL_MS } from '#schema/constants'
import { salesUsers, users } from '#schema/db/organisation'
import { type AccountKind, setupTokens } from '#schema/db/system'
import { generateToken, hashToken } from '../../auth/tokens.ts'
import type { ServiceContext } from '../../context.ts'

/**
 * Issues a setup link token for a central or sales user: random, stored only as its hash,
 * valid for 7 days. Earlier unused tokens of the same user stop working.
 */
export function issueSetupToken(
  ctx: Pick<ServiceContext, 'db' | 'systemDb'>,
  organisationId: string,
  userId: string,
  kind: AccountKind = 'central',
): { token: string; expiresAt: number } {
  const token = generateToken()
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
      })
      .run()
  })
  const table = kind === 'central' ? users : salesUsers
  ctx.db
    .update(table)
    .set({ setupTokenHash: tokenHash, setupTokenExpires: expiresAt })
    .where(eq(table.id, userId))
    .run()
  return { token, expiresAt }
}
