import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { UserUpdateSchema } from '#schema/central'
import { users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { endAccountAccess } from './end-account-access.ts'
import { requireLiveUser } from './require-live-user.ts'
import { isLowerRole, requireAnotherSuperadmin, requireMayManageRole } from './user-rules.ts'

/**
 * Changes a user's name, role or status. A user who is no longer active, or whose role is
 * lowered, loses every session and setup link (they sign in again with what they now hold).
 */
export function updateUser(
  ctx: ServiceContext,
  id: string,
  changes: z.infer<typeof UserUpdateSchema>,
) {
  requirePermission(ctx.actor, 'users.write')
  const user = requireLiveUser(ctx, id)
  requireMayManageRole(ctx.actor, user.role)
  if (changes.role) requireMayManageRole(ctx.actor, changes.role)
  const losesSuperadmin =
    user.role === 'SUPERADMIN' &&
    ((changes.role !== undefined && changes.role !== 'SUPERADMIN') ||
      (changes.status !== undefined && changes.status !== 'active'))
  if (losesSuperadmin) requireAnotherSuperadmin(ctx, id)

  const updated = ctx.db.transaction((tx) => {
    const row = tx
      .update(users)
      .set({
        ...changes,
        // Made active by an administrator: a waiting registration is approved with it.
        ...(changes.status === 'active' && { awaitingApproval: false }),
        seq: takeNextSeq(tx),
        updatedAt: Date.now(),
      })
      .where(eq(users.id, id))
      .returning()
      .get()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'user',
      action: 'Gebruiker bijgewerkt',
      target: row.name,
      metadata: { userId: id, changes },
    })
    return row
  })
  const isLowered = changes.role !== undefined && isLowerRole(changes.role, user.role)
  if (updated.status !== 'active' || isLowered) endAccountAccess(ctx, updated)
  return updated
}
