import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The address of the person's device, for throttles. Without TRUST_PROXY it is the
 * connection's peer. With TRUST_PROXY one reverse proxy stands in front of the server: the
 * client is the rightmost X-Forwarded-For entry, the one that proxy added; entries to its
 * left were sent by the client and prove nothing.
 */
export function getClientAddress(c: Context, trustProxy: boolean): string {
  const peer = getConnInfo(c).remote.address ?? 'unknown'
  if (!trustProxy) return peer
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => isIP(entry) !== 0)
  return forwarded.at(-1) ?? peer
}
