import type { Context } from 'hono'
import type { AppDeps, AppEnv, ServiceContext } from '../context.ts'
import { resolvePermissions } from '../services/permissions/resolve-permissions.ts'
import { requireCentralUser } from './current-central-user.ts'

/**
 * The signed-in user as the actor of a service call, with their organisation's file:
 * the organisation always comes from the session, never from the request.
 */
export function requireServiceContext(
  deps: Pick<AppDeps, 'systemDb' | 'organisations'>,
  c: Context<AppEnv>,
): ServiceContext {
  const user = requireCentralUser(deps, c)
  c.set('organisationId', user.organizationId)
  const db = deps.organisations.get(user.organizationId)
  return {
    db,
    systemDb: deps.systemDb,
    actor: {
      userId: user.id,
      name: user.name,
      role: user.role,
      organisationId: user.organizationId,
      permissions: resolvePermissions(db, user, user.organizationId),
    },
  }
}
