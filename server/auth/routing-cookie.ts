import { sha256 } from '@oslojs/crypto/sha2'
import { encodeHexLowerCase } from '@oslojs/encoding'
import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'

/**
 * The cookie HAProxy hashes to send every request of an organisation to the same process
 * (deploy/haproxy.template.cfg). Its name is fixed, without the __Host- prefix, because
 * HAProxy's configuration names it: a cookie planted or forged only routes a request
 * elsewhere, it never stands for a session.
 */
export const ROUTING_COOKIE = 'centraal_route'

/**
 * The route of an organisation: the first 16 hex digits of a SHA-256 of its id. It reveals
 * nothing a person signed in there does not know, and no one can derive an id from it.
 */
export function getOrganisationRoute(organisationId: string): string {
  const digest = sha256(new TextEncoder().encode(`centraal-route:${organisationId}`))
  return encodeHexLowerCase(digest).slice(0, 16)
}

/** Points HAProxy at this organisation's process for as long as the session lasts. */
export function setRoutingCookie(
  c: Context,
  organisationId: string,
  options: { expire: number; secure: boolean },
) {
  setCookie(c, ROUTING_COOKIE, getOrganisationRoute(organisationId), {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: options.secure,
    expires: new Date(options.expire),
  })
}

/** Removes the routing cookie (sign-out): the next requests go by the client's address. */
export function clearRoutingCookie(c: Context, options: { secure: boolean }) {
  deleteCookie(c, ROUTING_COOKIE, { path: '/', secure: options.secure })
}
