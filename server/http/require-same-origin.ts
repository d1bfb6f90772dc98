import type { MiddlewareHandler } from 'hono'
import { AppError } from '../errors/app-error.ts'
import { type createKnownHosts, parseHostName } from './known-hosts.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses every non-GET request that a browser sent from another origin, whatever its
 * content type (JSON included). Browsers send Sec-Fetch-Site or Origin on such requests;
 * a request with neither did not come from a page (CLI, server to server) and is judged
 * by its credentials alone. The Origin must be PUBLIC_URL's, or the request's own on a
 * host name this installation serves: never merely equal to whatever Host was sent.
 */
export function requireSameOrigin(
  publicUrl: string,
  isKnownHost: ReturnType<typeof createKnownHosts>,
): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const fetchSite = c.req.header('sec-fetch-site')
    const origin = c.req.header('origin')
    const ownOrigin = new URL(c.req.url).origin
    const isCrossSite =
      fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none'
    const isOwn = origin === ownOrigin && isKnownHost(parseHostName(c.req.header('host')))
    const isForeignOrigin = origin !== undefined && origin !== publicOrigin && !isOwn
    if (isCrossSite || isForeignOrigin) {
      throw new AppError('forbidden', 'Verzoek van een andere herkomst geweigerd')
    }
    return next()
  }
}
