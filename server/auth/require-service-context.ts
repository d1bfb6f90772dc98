import type { Context } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import type { ServiceContext } from '../context.ts'
import { resolvePermissions } from '../services/permissions/resolve-permissions.ts'
import { type findActiveUser, findSessionUser, requireCentralUser } from './current-central-user.ts'

type ContextDeps = Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>

/**
 * The signed-in user as the actor of a service call, with their organisation's file:
 * the organisation always comes from the session, never from the request.
 */
export function requireServiceContext(deps: ContextDeps, c: Context<AppEnv>): ServiceContext {
  const user = requireCentralUser(deps, c)
  c.set('organisationId', user.organisationId)
  return toServiceContext(deps, user)
}

/** The central service context of a live central session token, or null; touches no cookie. */
export async function findServiceContext(
  deps: ContextDeps,
  token: string,
): Promise<ServiceContext | null> {
  const user = await findSessionUser(deps, token)
  return user && toServiceContext(deps, user)
}

function toServiceContext(
  deps: ContextDeps,
  user: NonNullable<ReturnType<typeof findActiveUser>>,
): ServiceContext {
  const db = deps.organisations.get(user.organisationId)
  return {
    db,
    systemDb: deps.systemDb,
    directory: deps.directory,
    actor: {
      userId: user.id,
      name: user.name,
      role: user.role,
      organisationId: user.organisationId,
      permissions: resolvePermissions(db, user, user.organisationId),
    },
  }
}
