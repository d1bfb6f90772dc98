import { and, eq, ne } from 'drizzle-orm'
import { EMAIL_CHANGE_TTL_MS } from '#schema/constants'
import { users } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import { verifyPassword } from '../../auth/password.ts'
import { getSecretBox } from '../../auth/secret-box.ts'
import { generateToken } from '../../auth/tokens.ts'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { renderConfirmMail, renderNoticeMail } from '../../mail/address-change-mails.tsx'
import { queueMail } from '../../mail/queue-mail.ts'
import { findOrganisationName } from '../sales/statements/find-organisation-name.ts'
import { requireActorUserId } from '../users/get-notification-preferences.ts'
import { requireLiveUser } from '../users/require-live-user.ts'
import { writeChangeToken } from './change-tokens.ts'

/** The refusals of a change request (docs/behaviour.md, E-mailadres wijzigen). */
export const ADDRESS_CHANGE_REFUSALS = {
  same: 'Dit is al je e-mailadres',
  taken: 'Dit e-mailadres is al in gebruik in je organisatie',
  password: 'Je huidige wachtwoord klopt niet',
} as const

/**
 * Asks to change the signed-in central user's own address: with the current password
 * when the account has one (a session left open must not hand the account away), to an
 * address no other live user of the organisation has. Writes a single-use confirmation
 * token (its SHA-256) and two mails — the link to the new address, a notice to the old —
 * in one transaction of the system file; an earlier change still waiting is replaced.
 * Nothing changes on the account until the link is used (confirmAddressChange).
 */
export async function requestAddressChange(
  ctx: ServiceContext,
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'log'>,
  input: { email: string; currentPassword?: string },
) {
  const user = requireLiveUser(ctx, requireActorUserId(ctx))
  if (user.passwordHash) {
    const isRight = await verifyPassword(user.passwordHash, input.currentPassword ?? '', deps.env)
    if (!isRight) throw new AppError('forbidden', ADDRESS_CHANGE_REFUSALS.password)
  }
  if (input.email === user.email) throw new AppError('invalid_input', ADDRESS_CHANGE_REFUSALS.same)
  const holder = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), eq(users.deleted, false), ne(users.id, user.id)))
    .get()
  if (holder) throw new AppError('conflict', ADDRESS_CHANGE_REFUSALS.taken)

  const token = generateToken()
  const now = Date.now()
  const change = {
    product: 'Centraal' as const,
    organisationName: findOrganisationName(ctx),
    newEmail: input.email,
  }
  const validHours = EMAIL_CHANGE_TTL_MS / 3_600_000
  const [confirm, notice] = await Promise.all([
    renderConfirmMail(change, `${deps.env.PUBLIC_URL}/confirm-email/${token}`, validHours),
    renderNoticeMail(change, `${deps.env.PUBLIC_URL}/settings`),
  ])
  const box = getSecretBox(deps.env)
  const expiresAt = now + EMAIL_CHANGE_TTL_MS
  deps.systemDb.transaction((tx) => {
    const account = { kind: 'central' as const, organisationId: ctx.actor.organisationId }
    writeChangeToken(
      tx,
      { ...account, userId: user.id },
      { token, newEmail: input.email, now, expiresAt },
    )
    const mailDeps = { env: deps.env, box }
    queueMail(tx, mailDeps, { ...confirm, kind: 'address-change', to: input.email })
    queueMail(tx, mailDeps, { ...notice, kind: 'address-change-notice', to: user.email })
  })
  deps.log.info(deps.env.SMTP_URL ? 'mail queued' : 'mail kept for the outbox page', {
    kind: 'address-change',
  })
  return { pending: { email: input.email, expiresAt } }
}
