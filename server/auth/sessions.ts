import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AccountKind } from '#schema/db/system'
import {
  clearRoutingCookie,
  getOrganisationRoute,
  ROUTING_COOKIE,
  setRoutingCookie,
} from './routing-cookie.ts'

// The session cookies. The sessions themselves are the system directory's (decision 047):
// opened, read, renewed and ended through system-directory/session-lifetime.ts.

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
