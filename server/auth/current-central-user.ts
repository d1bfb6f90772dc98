import type { Context } from 'hono'
import type { AppDeps } from '../context.ts'
import { AppError } from '../http/app-error.ts'
import { findUser } from '../services/accounts/find-user.ts'
import {
  clearSessionCookie,
  deleteSession,
  readSessionToken,
  setSessionCookie,
  validateSession,
} from './sessions.ts'

/** The active user of a live central session token, or null; touches no cookie. */
export function findSessionUser(deps: Pick<AppDeps, 'systemDb' | 'organisations'>, token: string) {
  const session = validateSession(deps.systemDb, token, 'central')
  if (!session) return null
  const user = findUser(deps.organisations.get(session.data.organizationId), session.data.userId)
  return user?.status === 'active' ? user : null
}

/**
 * The signed-in central user, or null. A session whose user was deleted or is no longer
 * active is ended here too, so such a user is out at their next request.
 */
export function findCentralUser(deps: Pick<AppDeps, 'systemDb' | 'organisations'>, c: Context) {
  const token = readSessionToken(c, 'central')
  if (!token) return null
  const session = validateSession(deps.systemDb, token, 'central')
  if (!session) {
    clearSessionCookie(c, 'central')
    return null
  }
  const user = findUser(deps.organisations.get(session.data.organizationId), session.data.userId)
  if (user?.status !== 'active') {
    deleteSession(deps.systemDb, token)
    clearSessionCookie(c, 'central')
    return null
  }
  setSessionCookie(c, 'central', token, session.expire)
  return user
}

/** The signed-in central user; 401 without one. */
export function requireCentralUser(deps: Pick<AppDeps, 'systemDb' | 'organisations'>, c: Context) {
  const user = findCentralUser(deps, c)
  if (!user) throw new AppError('unauthenticated', 'Niet ingelogd')
  return user
}
