import { eq } from 'drizzle-orm'
import { salesUsers, users } from '#schema/db/organisation'
import { type AccountKind, setupTokens } from '#schema/db/system'
import type { SalesRole, UserRole } from '#schema/roles'
import type { AppDeps } from '../../app-deps.ts'
import { hashPassword } from '../../auth/password.ts'
import { hashToken } from '../../auth/tokens.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendOwnAccountActivity } from '../activities/append-activity.ts'
import { settlePasswordLink } from '../sign-in/settle-password-link.ts'

const INVALID = 'Ongeldige of verlopen token'

function findUsableToken(deps: Pick<AppDeps, 'systemDb'>, tokenHash: string) {
  const token = deps.systemDb
    .select()
    .from(setupTokens)
    .where(eq(setupTokens.tokenHash, tokenHash))
    .get()
  if (!token) throw new AppError('invalid_input', INVALID)
  if (token.usedAt !== null) throw new AppError('invalid_input', 'Deze setup-link is al gebruikt')
  if (token.expiresAt <= Date.now())
    throw new AppError('invalid_input', 'Deze setup-link is verlopen')
  return token
}

const SUSPENDED = 'Dit account is geblokkeerd. Neem contact op met je beheerder.'

function activateCentralUser(db: OrganisationDb, userId: string, passwordHash: string) {
  const user = db.select().from(users).where(eq(users.id, userId)).get()
  if (!user || user.deleted) throw new AppError('invalid_input', INVALID)
  // A link never lifts a suspension: only an administrator does, on Gebruikers.
  if (user.status === 'suspended') throw new AppError('forbidden', SUSPENDED)
  const now = Date.now()
  return db.transaction((tx) => {
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
    appendOwnAccountActivity(tx, user.organisationId, user, 'Account ingesteld via setup-link')
    return { role: user.role, email: user.email }
  })
}

function activateSalesUser(db: OrganisationDb, userId: string, passwordHash: string) {
  const user = db.select().from(salesUsers).where(eq(salesUsers.id, userId)).get()
  if (user?.status === 'suspended') throw new AppError('forbidden', SUSPENDED)
  const updated = db
    .update(salesUsers)
    .set({
      passwordHash,
      status: 'active',
      setupTokenHash: null,
      setupTokenExpires: null,
      updatedAt: Date.now(),
    })
    .where(eq(salesUsers.id, userId))
    .returning({ role: salesUsers.role, email: salesUsers.email })
    .get()
  if (!updated) throw new AppError('invalid_input', INVALID)
  return updated
}

/**
 * Sets the password of the central or sales user a setup token was issued for and
 * activates the account (never a suspended one). Single-use: the token is marked used in
 * the same step. Every session the account had ends: whoever held the old password is out.
 * Answers the account's kind and role (the setup page greets the person by it) and which
 * account it was.
 */
export async function completeSetup(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'directory' | 'organisations'>,
  input: { token: string; password: string },
): Promise<{
  kind: AccountKind
  role: UserRole | SalesRole
  organisationId: string
  userId: string
}> {
  const tokenHash = hashToken(input.token)
  findUsableToken(deps, tokenHash)
  const passwordHash = await hashPassword(input.password, deps.env)
  // Checked again after the await: a parallel request may have used the token meanwhile.
  const token = findUsableToken(deps, tokenHash)
  const db = deps.organisations.get(token.organisationId)
  const { role, email } =
    token.kind === 'central'
      ? activateCentralUser(db, token.userId, passwordHash)
      : activateSalesUser(db, token.userId, passwordHash)
  deps.systemDb
    .update(setupTokens)
    .set({ usedAt: Date.now() })
    .where(eq(setupTokens.tokenHash, tokenHash))
    .run()
  await settlePasswordLink(deps, token, { email, passwordHash })
  return { kind: token.kind, role, organisationId: token.organisationId, userId: token.userId }
}
