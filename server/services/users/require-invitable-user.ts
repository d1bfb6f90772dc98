import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireLiveUser } from './require-live-user.ts'
import { requireMayManageRole } from './user-rules.ts'

/**
 * The user a new setup link or invitation may be issued for (a new invitation, or a
 * forgotten password without mail): in the actor's organisation (404 otherwise, whoever
 * else has the id), of a role the actor may manage.
 */
export function requireInvitableUser(ctx: ServiceContext, userId: string) {
  requirePermission(ctx.actor, 'users.write')
  const user = requireLiveUser(ctx, userId)
  requireMayManageRole(ctx.actor, user.role)
  return user
}
