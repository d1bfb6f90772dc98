import { and, eq, ne } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import { verifyPassword } from '../../auth/password.ts'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { findOrganisationName } from '../sales/statements/find-organisation-name.ts'
import { requireActorUserId } from '../users/get-notification-preferences.ts'
import { requireLiveUser } from '../users/require-live-user.ts'
import { queueAddressChange } from './queue-address-change.ts'

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

  return queueAddressChange(
    deps,
    { kind: 'central', organisationId: ctx.actor.organisationId, userId: user.id },
    {
      product: 'Centraal',
      organisationName: findOrganisationName(ctx),
      newEmail: input.email,
      oldEmail: user.email,
    },
    deps.env.PUBLIC_URL,
  )
}
