import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { emailChangeTokens } from '#schema/db/system'
import type { EmailChangeView } from '#schema/mail'
import type { ServiceContext } from '../../context.ts'
import { requireActorUserId } from '../users/get-notification-preferences.ts'
import { requireLiveUser } from '../users/require-live-user.ts'

/** The signed-in user's address and the change still waiting for its link, if any. */
export function readAddressChange(ctx: ServiceContext): EmailChangeView {
  const user = requireLiveUser(ctx, requireActorUserId(ctx))
  const waiting = ctx.systemDb
    .select({ email: emailChangeTokens.newEmail, expiresAt: emailChangeTokens.expiresAt })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.kind, 'central'),
        eq(emailChangeTokens.organisationId, ctx.actor.organisationId),
        eq(emailChangeTokens.userId, user.id),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, Date.now()),
      ),
    )
    .orderBy(desc(emailChangeTokens.createdAt))
    .get()
  return { email: user.email, pending: waiting ?? null }
}
