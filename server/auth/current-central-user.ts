import type { Context } from 'hono'
import type { SessionData } from '#schema/db/system'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { AppError } from '../errors/app-error.ts'
import { findUser } from '../services/accounts/find-user.ts'
import { readLiveSession } from '../system-directory/session-lifetime.ts'
import { requestSession } from './request-sessions.ts'
import { refreshSessionCookies } from './sessions.ts'

type SessionDeps = Pick<AppDeps, 'directory' | 'organisations'>

/**
 * The active user a session names: the row must carry the session's id *and* organisation
 * (a restored row claiming another organisation is no one's), else null.
 */
export function findActiveUser(deps: Pick<AppDeps, 'organisations'>, session: SessionData) {
  const user = findUser(deps.organisations.get(session.organisationId), session.userId)
  const isTheirs = user?.organisationId === session.organisationId
  return isTheirs && user.status === 'active' ? user : null
}

/**
 * The active user of a live central session token, or null; touches no cookie. For a
 * session kept open (the event stream checks it at every batch); a call's own session is
 * read once, before its route (findCentralSignIn).
 */
export async function findSessionUser(deps: SessionDeps, token: string) {
  const session = await readLiveSession(deps.directory, token, 'central')
  return session ? findActiveUser(deps, session.data) : null
}

/**
 * The signed-in central user with their session (token and what it holds), or null. A
 * session whose user was deleted or is no longer active is ended here too, so such a user
 * is out at their next request.
 *
 * An ended session's cookie is left as it is (decision 044): the answer to a request sent
 * with it can arrive after the one that set the browser's next session (a switch of
 * organisation, a sign-in in another tab), and clearing it would sign that one out. The
 * cookie is sent again only when the session was renewed, for the same reason.
 */
export function findCentralSignIn(deps: SessionDeps, c: Context<AppEnv>) {
  const found = requestSession(c, 'central')
  const session = found?.live
  if (!found || !session) return null
  const user = findActiveUser(deps, session.data)
  // Ended, or renewed when due, once the call is answered (readRequestSessions).
  found.isEnded = !user
  found.isUsed = true
  if (!user) return null
  refreshSessionCookies(c, 'central', {
    token: found.token,
    expire: session.expire,
    organisationId: session.data.organisationId,
    isRenewed: session.isRenewed,
  })
  return { user, token: found.token, session: session.data }
}

/** The signed-in central user, or null (findCentralSignIn). */
export function findCentralUser(deps: SessionDeps, c: Context<AppEnv>) {
  return findCentralSignIn(deps, c)?.user ?? null
}

/** The signed-in central user and their session; 401 without one. */
export function requireCentralSignIn(deps: SessionDeps, c: Context<AppEnv>) {
  const signIn = findCentralSignIn(deps, c)
  if (!signIn) throw new AppError('unauthenticated', 'Niet ingelogd')
  return signIn
}

/** The signed-in central user; 401 without one. */
export function requireCentralUser(deps: SessionDeps, c: Context<AppEnv>) {
  const user = findCentralUser(deps, c)
  if (!user) throw new AppError('unauthenticated', 'Niet ingelogd')
  return user
}
