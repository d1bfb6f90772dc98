import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AccountKind } from '#schema/db/system'
import { EPOCH_HEADER } from '#sync/account'
import { formatSyncAccount, OTHER_ACCOUNT_HEADER, SYNC_ACCOUNT_HEADER } from '#sync/protocol'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { findActiveUser } from '../auth/current-central-user.ts'
import { requestSession } from '../auth/request-sessions.ts'
import { findRequestSalesUser } from '../auth/require-sales-context.ts'
import { AppError } from '../errors/app-error.ts'
import { requireCurrentEpoch } from '../services/organisation-epoch/organisation-epoch.ts'

/** The answer to a call made for another account than the browser's session. */
const OTHER_ACCOUNT_MESSAGE =
  'Deze gegevens op dit apparaat horen bij een ander account; ze worden niet verstuurd.'

// Signing in and out change whose session it is; replication checks its own area.
const UNCHECKED = /^\/api\/(auth\/|gold-estates\/auth\/|log(in|out)\b|sync\/|mail\/unsubscribe\/)/

/**
 * A REST call that names the account it was made for (SYNC_ACCOUNT_HEADER: the page's
 * signed-in person, or the person who queued it offline) is refused (409) when the
 * browser's session of that area is someone else's: a write queued by A on a shared
 * device never lands as B, in B's organisation. Without a session the route answers 401
 * as always; without the header nothing changes. A write that names an epoch of the
 * session's organisation (EPOCH_HEADER) is judged on its own, whether or not it names an
 * account: one made before a restore is refused (requireCurrentEpoch), so a script or an
 * old queued call that names only the epoch cannot bring data of before into the restored
 * organisation.
 */
export function requireNamedAccount(
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (UNCHECKED.test(c.req.path)) return next()
    const kind = c.req.path.startsWith('/api/gold-estates/') ? 'sales' : 'central'
    const user = requireOwnSession(deps, c, kind)
    const epoch = c.req.header(EPOCH_HEADER)
    if (c.req.method !== 'GET' && (user || epoch !== undefined)) {
      // Without a session nothing is judged: the route answers 401 and names no epoch.
      const writer = user ?? findSessionPerson(deps, c, kind)
      if (writer) await requireCurrentEpoch(deps.directory, writer.organisationId, epoch)
    }
    return next()
  })
}

/** The person of the browser's live session of `kind`, or null; touches no cookie. */
function findSessionPerson(
  deps: Pick<AppDeps, 'organisations'>,
  c: Context<AppEnv>,
  kind: AccountKind,
) {
  if (kind === 'sales') return findRequestSalesUser(deps, c)
  const session = requestSession(c, 'central')?.live
  return session ? findActiveUser(deps, session.data) : null
}

/**
 * Throws the 409 of another account when the call names an account (SYNC_ACCOUNT_HEADER)
 * and the browser's session of `kind` is someone else's. Also for a logout: one that waited
 * on a device while someone else signed in there must not end their session. Returns the
 * session's person when the call names one.
 */
export function requireOwnSession(
  deps: Pick<AppDeps, 'systemDb' | 'organisations'>,
  c: Context<AppEnv>,
  kind: AccountKind,
) {
  const named = c.req.header(SYNC_ACCOUNT_HEADER)
  if (named === undefined) return null
  const user = findSessionPerson(deps, c, kind)
  const own = user && formatSyncAccount({ organisationId: user.organisationId, userId: user.id })
  if (own && own !== named) throw otherAccountError()
  return user
}

/** The 409 of a call for another account, marked so that it is not taken for a data conflict. */
export function otherAccountError() {
  return new AppError('conflict', OTHER_ACCOUNT_MESSAGE, {
    headers: { [OTHER_ACCOUNT_HEADER]: '1' },
  })
}
