import type { Context } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import type { ServiceContext } from '../context.ts'
import { resolvePermissions } from '../services/permissions/resolve-permissions.ts'
import { findSessionUser, requireCentralUser } from './current-central-user.ts'

/**
 * The signed-in user as the actor of a service call, with their organisation's file:
 * the organisation always comes from the session, never from the request.
 */
export function requireServiceContext(
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>,
  c: Context<AppEnv>,
): ServiceContext {
  const user = requireCentralUser(deps, c)
  c.set('organisationId', user.organisationId)
  return toServiceContext(deps, user)
}

/** The central service context of a live central session token, or null; touches no cookie. */
export function findServiceContext(
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>,
  token: string,
): ServiceContext | null {
  const user = findSessionUser(deps, token)
  return user && toServiceContext(deps, user)
}

function toServiceContext(
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>,
  user: NonNullable<ReturnType<typeof findSessionUser>>,
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
