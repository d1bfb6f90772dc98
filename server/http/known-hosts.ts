import type { MiddlewareHandler } from 'hono'
import type { Env } from '../env.ts'
import { AppError } from '../errors/app-error.ts'

/** The host name of a Host header or URL host ("name:port"), lower case; null when invalid. */
export function parseHostName(host: string | undefined): string | null {
  if (!host) return null
  try {
    return new URL(`http://${host}`).hostname.toLowerCase()
  } catch {
    return null
  }
}

/**
 * Which host names this installation answers to: the host of PUBLIC_URL, SALES_HOST and
 * loopback names. Any other name that resolves here (DNS rebinding: a hostile page on a
 * name that points at 127.0.0.1) is not this app.
 */
export function createKnownHosts(env: Pick<Env, 'PUBLIC_URL' | 'SALES_HOST'>) {
  const named = new Set([
    new URL(env.PUBLIC_URL).hostname.toLowerCase(),
    env.SALES_HOST.toLowerCase(),
  ])
  return (hostName: string | null) =>
    hostName !== null &&
    (named.has(hostName) ||
      hostName === 'localhost' ||
      hostName.endsWith('.localhost') ||
      hostName === '127.0.0.1' ||
      hostName === '[::1]')
}

/** Answers 421 to a request for a host name this installation does not serve. */
export function requireKnownHost(isKnown: ReturnType<typeof createKnownHosts>): MiddlewareHandler {
  return async (c, next) => {
    if (!isKnown(parseHostName(c.req.header('host')))) {
      throw new AppError('misdirected', 'Deze server is niet bereikbaar onder deze naam')
    }
    return next()
  }
}
