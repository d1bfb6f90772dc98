import type { ServiceContext } from '../../context.ts'
import { issueSetupToken } from '../accounts/issue-setup-token.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireLiveUser } from './require-live-user.ts'
import { requireMayManageRole } from './user-rules.ts'

/**
 * A new setup link for a user (invitation or a forgotten password); earlier links of the
 * user stop working. Returns the path /setup/<token>.
 */
export function createSetupLink(ctx: ServiceContext, userId: string) {
  requirePermission(ctx.actor, 'users.write')
  const user = requireLiveUser(ctx, userId)
  requireMayManageRole(ctx.actor, user.role)
  const { token, expiresAt } = issueSetupToken(ctx, ctx.actor.organisationId, user.id)
  return { setupPath: `/setup/${token}`, expiresAt }
}
