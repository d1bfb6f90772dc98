import type { z } from 'zod'
import type { UserUpdateSchema } from '#schema/central'
import type { FollowedWrite, ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { endAccountAccess } from './end-account-access.ts'
import { requireLiveUser } from './require-live-user.ts'
import { isLowerRole, requireAnotherSuperadmin, requireMayManageRole } from './user-rules.ts'
import { writeUserChange } from './write-user-change.ts'

/**
 * Changes a user's name, role or status. A user who is no longer active, or whose role is
 * lowered, loses every session and setup link (they sign in again with what they now hold).
 * Synchronous, for a transaction (a push, an Idempotency-Key); `follow`, once the file
 * committed, ends the sessions.
 */
export function updateUser(
  ctx: ServiceContext,
  id: string,
  changes: z.infer<typeof UserUpdateSchema>,
): FollowedWrite<ReturnType<typeof writeUserChange>> {
  requirePermission(ctx.actor, 'users.write')
  const user = requireLiveUser(ctx, id)
  requireMayManageRole(ctx.actor, user.role)
  if (changes.role) requireMayManageRole(ctx.actor, changes.role)
  const losesSuperadmin =
    user.role === 'SUPERADMIN' &&
    ((changes.role !== undefined && changes.role !== 'SUPERADMIN') ||
      (changes.status !== undefined && changes.status !== 'active'))
  if (losesSuperadmin) requireAnotherSuperadmin(ctx, id)

  const updated = writeUserChange(
    ctx,
    id,
    {
      ...changes,
      // Made active by an administrator: a waiting registration is approved with it.
      ...(changes.status === 'active' && { awaitingApproval: false }),
    },
    { action: 'Gebruiker bijgewerkt', metadata: { changes } },
  )
  const isLowered = changes.role !== undefined && isLowerRole(changes.role, user.role)
  const follow =
    updated.status !== 'active' || isLowered ? endAccountAccess(ctx, updated) : async () => {}
  return { value: updated, follow }
}
