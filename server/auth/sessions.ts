import { and, eq, lt, ne, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { SESSION_MAX_AGE_MS } from '#schema/constants'
import { type AccountKind, loginDirectory, type SessionData, sessions } from '#schema/db/system'
import { prepareOnce } from '../db/prepare-once.ts'
import type { SystemDb } from '../db/system-db.ts'
import { RENEW_BEFORE_MS, SESSION_TTL_MS } from '../system-directory/session-lifetime.ts'
import {
  clearRoutingCookie,
  getOrganisationRoute,
  ROUTING_COOKIE,
  setRoutingCookie,
} from './routing-cookie.ts'
import { generateToken, hashToken } from './tokens.ts'

// One lifetime for both paths to the sessions: this file's synchronous one on the SQLite
// connection, and the system directory's (decision 047) that the callers move to.

/**
 * The cookie that carries each kind of session. Served over HTTPS (PUBLIC_URL) it gets the
 * __Host- prefix, which the browser accepts only with Secure, Path=/ and no Domain: a
 * sibling subdomain cannot plant or overwrite it.
 */
export function getSessionCookieName(c: Context, kind: AccountKind) {
  const name = kind === 'central' ? 'centraal_session' : 'gold_estates_session'
  return isSecure(c) ? `__Host-${name}` : name
}

/**
 * Opens a session and returns its token; only the token's hash is stored. `createdAt` is
 * the sign-in's moment, now unless a switch of organisation carries it over (the absolute
 * lifetime counts from the password, not from the switch).
 */
export function createSession(
  systemDb: SystemDb,
  data: Omit<SessionData, 'createdAt'> & { createdAt?: number },
): { token: string; expire: number } {
  const token = generateToken()
  const now = Date.now()
  const signedInAt = data.createdAt ?? now
  const expire = Math.min(now + SESSION_TTL_MS, signedInAt + SESSION_MAX_AGE_MS)
  systemDb
    .insert(sessions)
    .values({
      sid: hashToken(token),
      sess: { ...data, createdAt: signedInAt },
      expire,
      userId: data.userId,
      organisationId: data.organisationId,
      kind: data.kind,
    })
    .run()
  return { token, expire }
}

/**
 * The queries of every signed-in request (and of every event-stream batch), prepared once:
 * building a query with drizzle costs far more than running it.
 */
function sessionStatements(systemDb: SystemDb) {
  const value = (name: string) => sql.placeholder(name)
  return prepareOnce(systemDb, 'session-statements', () => ({
    session: systemDb
      .select()
      .from(sessions)
      .where(eq(sessions.sid, value('sid')))
      .prepare(),
    listed: systemDb
      .select({ userId: loginDirectory.userId })
      .from(loginDirectory)
      .where(
        and(
          eq(loginDirectory.userId, value('userId')),
          eq(loginDirectory.organisationId, value('organisationId')),
          eq(loginDirectory.kind, value('kind')),
        ),
      )
      .prepare(),
  }))
}

/**
 * The live session for a token, extending it when due (`isRenewed`: the cookie must then
 * carry the new expiry); null when unknown, expired, or no longer backed by its
 * login-directory entry (the account moved, was deleted or restored away). The session's
 * user and organisation are the directory's, never a file row's.
 */
export function validateSession(
  systemDb: SystemDb,
  token: string,
  kind: AccountKind,
): { data: SessionData; expire: number; isRenewed: boolean } | null {
  const sid = hashToken(token)
  const statements = sessionStatements(systemDb)
  const row = statements.session.get({ sid })
  if (!row || row.kind !== kind) return null
  const listed = statements.listed.get({
    userId: row.userId,
    organisationId: row.organisationId,
    kind,
  })
  if (!listed) {
    systemDb.delete(sessions).where(eq(sessions.sid, sid)).run()
    return null
  }
  const now = Date.now()
  const endOfLife = row.sess.createdAt + SESSION_MAX_AGE_MS
  if (row.expire <= now || endOfLife <= now) {
    systemDb.delete(sessions).where(eq(sessions.sid, sid)).run()
    return null
  }
  // The indexed columns, not the JSON copy, say whose session it is (a session opened
  // before the spelling organisationId names the organisation there the American way).
  const data: SessionData = {
    kind,
    userId: row.userId,
    organisationId: row.organisationId,
    createdAt: row.sess.createdAt,
    ...(row.sess.provenAccounts && { provenAccounts: row.sess.provenAccounts }),
  }
  if (row.expire - now < RENEW_BEFORE_MS && row.expire < endOfLife) {
    const expire = Math.min(now + SESSION_TTL_MS, endOfLife)
    systemDb.update(sessions).set({ expire }).where(eq(sessions.sid, sid)).run()
    return { data, expire, isRenewed: true }
  }
  return { data, expire: row.expire, isRenewed: false }
}

/**
 * Ends one session of `kind`: the kind of the cookie the token came in. A token of the
 * other kind in that cookie ends nothing (a central token sent as the sales cookie must not
 * end the central session).
 */
export function deleteSession(systemDb: SystemDb, token: string, kind: AccountKind) {
  systemDb
    .delete(sessions)
    .where(and(eq(sessions.sid, hashToken(token)), eq(sessions.kind, kind)))
    .run()
}

/**
 * Ends every session of one account (suspended, deactivated, deleted, demoted), or all but
 * one (`exceptToken`). Ids are unique within an organisation only, so it names both.
 */
export function deleteUserSessions(
  systemDb: SystemDb,
  account: { kind: AccountKind; organisationId: string; userId: string },
  options: { exceptToken?: string } = {},
) {
  systemDb
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, account.userId),
        eq(sessions.organisationId, account.organisationId),
        eq(sessions.kind, account.kind),
        options.exceptToken ? ne(sessions.sid, hashToken(options.exceptToken)) : undefined,
      ),
    )
    .run()
}

/** Ends every session of an organisation (restore). */
export function deleteOrganisationSessions(systemDb: SystemDb, organisationId: string) {
  systemDb.delete(sessions).where(eq(sessions.organisationId, organisationId)).run()
}

/** Removes expired sessions; run now and then. */
export function deleteExpiredSessions(systemDb: SystemDb) {
  systemDb.delete(sessions).where(lt(sessions.expire, Date.now())).run()
}

/**
 * True when people use the app over HTTPS, as PUBLIC_URL says (set per request by
 * createApp): not what a request or a proxy header claims.
 */
export function isSecure(c: Context) {
  return c.get('isHttps') === true
}

/**
 * Puts the session token in an HttpOnly, SameSite=Lax cookie (Secure over HTTPS), and the
 * organisation's routing cookie beside it: every path that signs someone in, or renews a
 * session, passes here, so the route always names the session's organisation.
 */
export function setSessionCookie(
  c: Context,
  kind: AccountKind,
  session: { token: string; expire: number; organisationId: string },
) {
  setCookie(c, getSessionCookieName(c, kind), session.token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isSecure(c),
    expires: new Date(session.expire),
  })
  setRoutingCookie(c, session.organisationId, { expire: session.expire, secure: isSecure(c) })
}

/**
 * What the answer to a call under a live session tells the browser (decision 044): the
 * session cookie again only when the session was renewed, and the routing cookie when the
 * one sent names another organisation (it is put back, so HAProxy routes the next call
 * right). Nothing otherwise: an answer arriving after a later sign-in must not undo it.
 */
export function refreshSessionCookies(
  c: Context,
  kind: AccountKind,
  session: { token: string; expire: number; organisationId: string; isRenewed: boolean },
) {
  if (session.isRenewed) {
    setSessionCookie(c, kind, session)
  } else if (getCookie(c, ROUTING_COOKIE) !== getOrganisationRoute(session.organisationId)) {
    setRoutingCookie(c, session.organisationId, { expire: session.expire, secure: isSecure(c) })
  }
}

/** Removes the session cookie. */
export function clearSessionCookie(c: Context, kind: AccountKind) {
  deleteCookie(c, getSessionCookieName(c, kind), { path: '/', secure: isSecure(c) })
}

/** Signs this browser out of `kind`: its session cookie and its routing cookie go. */
export function clearSignInCookies(c: Context, kind: AccountKind) {
  clearSessionCookie(c, kind)
  clearRoutingCookie(c, { secure: isSecure(c) })
}

/** The session token the request carries, if any. */
export function readSessionToken(c: Context, kind: AccountKind): string | undefined {
  return getCookie(c, getSessionCookieName(c, kind))
}
