import { and, eq, isNull } from 'drizzle-orm'
import { salesUsers, users } from '#schema/db/organisation'
import { setupTokens } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import { endAccountSessions } from '../../system-directory/session-lifetime.ts'

/**
 * Ends everything a central account holds open: its unused setup links at once, and in the
 * step it returns (run once the caller's transaction committed: a FollowedWrite's
 * `follow`) its Centraal sessions and the Gold Estates sessions of the sales users a
 * launch linked to it (cross_app_access). For a suspension, deactivation, deletion or a
 * lower role. Until that step has run, every call under those sessions is refused anyway:
 * each checks that its person is still active and reads their rights anew.
 */
export function endAccountAccess(
  ctx: Pick<ServiceContext, 'db' | 'systemDb' | 'directory'>,
  user: { id: string; organisationId: string },
): () => Promise<void> {
  const organisationId = user.organisationId
  const linked = ctx.db
    .select({ id: salesUsers.id })
    .from(salesUsers)
    .where(eq(salesUsers.centraalUserId, user.id))
    .all()
  ctx.systemDb
    .update(setupTokens)
    .set({ usedAt: Date.now() })
    .where(
      and(
        eq(setupTokens.userId, user.id),
        eq(setupTokens.organisationId, organisationId),
        eq(setupTokens.kind, 'central'),
        isNull(setupTokens.usedAt),
      ),
    )
    .run()
  ctx.db
    .update(users)
    .set({ setupTokenHash: null, setupTokenExpires: null })
    .where(eq(users.id, user.id))
    .run()
  return async () => {
    await endAccountSessions(ctx.directory, { kind: 'central', organisationId, userId: user.id })
    for (const { id } of linked) {
      await endAccountSessions(ctx.directory, { kind: 'sales', organisationId, userId: id })
    }
  }
}
