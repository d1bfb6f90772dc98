import { eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import { setupTokens } from '#schema/db/system'
import { hashPassword } from '../../auth/password.ts'
import { hashToken } from '../../auth/tokens.ts'
import type { AppDeps } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../http/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'

function findUsableToken(deps: Pick<AppDeps, 'systemDb'>, tokenHash: string) {
  const token = deps.systemDb
    .select()
    .from(setupTokens)
    .where(eq(setupTokens.tokenHash, tokenHash))
    .get()
  if (token?.kind !== 'central') {
    throw new AppError('invalid_input', 'Ongeldige of verlopen token')
  }
  if (token.usedAt !== null) throw new AppError('invalid_input', 'Deze setup-link is al gebruikt')
  if (token.expiresAt <= Date.now())
    throw new AppError('invalid_input', 'Deze setup-link is verlopen')
  return token
}

/**
 * Sets the password of the user a setup token was issued for and activates the account.
 * The token is single-use: it is marked used in the same step that sets the password.
 */
export async function completeSetup(
  deps: Pick<AppDeps, 'systemDb' | 'organisations'>,
  input: { token: string; password: string },
) {
  const tokenHash = hashToken(input.token)
  findUsableToken(deps, tokenHash)
  const passwordHash = await hashPassword(input.password)
  // Checked again after the await: a parallel request may have used the token meanwhile.
  const token = findUsableToken(deps, tokenHash)
  const db = deps.organisations.get(token.organizationId)
  const user = db.select().from(users).where(eq(users.id, token.userId)).get()
  if (!user || user.deleted) throw new AppError('invalid_input', 'Ongeldige of verlopen token')
  deps.systemDb
    .update(setupTokens)
    .set({ usedAt: Date.now() })
    .where(eq(setupTokens.tokenHash, tokenHash))
    .run()
  const now = Date.now()
  db.transaction((tx) => {
    tx.update(users)
      .set({
        passwordHash,
        status: 'active',
        setupCompleted: true,
        setupTokenHash: null,
        setupTokenExpires: null,
        seq: takeNextSeq(tx),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .run()
    appendActivity(
      tx,
      user.organizationId,
      { userId: user.id, name: user.name },
      {
        type: 'user',
        action: 'Account ingesteld via setup-link',
        target: user.name,
      },
    )
  })
  return { ...user, status: 'active' as const }
}
