import { and, eq, isNull } from 'drizzle-orm'
import { salesUsers, users } from '#schema/db/organisation'
import { setupTokens } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import { endAccountSessionsSoon } from '../../system-directory/session-lifetime.ts'

/**
 * Ends everything a central account holds open: its Centraal sessions, the Gold Estates
 * sessions of the sales users a launch linked to it (cross_app_access), and its unused
 * setup links. For a suspension, deactivation, deletion or a lower role.
 */
export function endAccountAccess(
  ctx: Pick<ServiceContext, 'db' | 'systemDb' | 'directory'>,
  user: { id: string; organisationId: string },
) {
  const organisationId = user.organisationId
  endAccountSessionsSoon(ctx.directory, { kind: 'central', organisationId, userId: user.id })
  const linked = ctx.db
    .select({ id: salesUsers.id })
    .from(salesUsers)
    .where(eq(salesUsers.centraalUserId, user.id))
    .all()
  for (const salesUser of linked) {
    endAccountSessionsSoon(ctx.directory, { kind: 'sales', organisationId, userId: salesUser.id })
  }
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
}
