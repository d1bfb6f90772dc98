import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AccountKind } from '#schema/db/system'
import type { AppEnv } from '../app-deps.ts'
import type { Logger } from '../logger.ts'
import {
  endSession,
  type RequestSession,
  type RequestSessions,
  readLiveSession,
  renewSession,
} from '../system-directory/session-lifetime.ts'
import type { SystemDirectory } from '../system-directory/system-directory.ts'
import { readSessionToken } from './sessions.ts'

const KINDS: readonly AccountKind[] = ['central', 'sales']

/**
 * Reads the sessions of the cookies a call carries, once, before its route: the system
 * directory answers asynchronously (on PostgreSQL, a round trip), and the routes' guards
 * (requireServiceContext, requireSalesContext, …) judge the session synchronously, from the
 * call. After the route, before the answer leaves, the directory is told what the guards
 * decided: a renewal of a session the call acted under (a call of the other area, or one
 * that acted under no session, renews nothing: the cookie is sent again only with the
 * renewal, decision 044), the end of one whose person may no longer act. A session a route ends or opens itself is its own business: no guard reads
 * the sessions again within the call.
 */
export function readRequestSessions(directory: SystemDirectory, log: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const found: RequestSessions = {}
    const now = Date.now()
    for (const kind of KINDS) {
      const token = readSessionToken(c, kind)
      if (!token) continue
      const live = await readLiveSession(directory, token, kind, now, { isRenewing: false })
      found[kind] = { token, live }
    }
    c.set('sessions', found)
    await next()
    for (const [kind, session] of Object.entries(found) as [AccountKind, RequestSession][]) {
      try {
        if (session.isEnded) await endSession(directory, session.token, kind)
        else if (session.isUsed && session.live?.isRenewed) {
          await renewSession(directory, session.token, session.live.expire)
        }
      } catch (error) {
        // The answer stands: a renewal not written ends the session at its old expiry, an
        // ending not written leaves a session whose next call is refused again.
        log.error('updating a session after a call failed', { error, kind })
      }
    }
  })
}

/** The session cookie of `kind` the call carries, read by readRequestSessions. */
export function requestSession(c: Context<AppEnv>, kind: AccountKind): RequestSession | undefined {
  return c.get('sessions')?.[kind]
}
