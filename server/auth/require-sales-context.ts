import { and, eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { salesSellers } from '#schema/db/organisation'
import type { SessionData } from '#schema/db/system'
import { SALES_ROLE_PERMISSIONS } from '#schema/permissions'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import type { ServiceContext } from '../context.ts'
import { prepareOnce } from '../db/prepare-once.ts'
import { AppError } from '../errors/app-error.ts'
import { findSalesUser } from '../services/sales-accounts/find-sales-account.ts'
import { isSalesUserAllowed } from '../services/sales-accounts/is-sales-user-allowed.ts'
import { type LiveSession, readLiveSession } from '../system-directory/session-lifetime.ts'
import { requestSession } from './request-sessions.ts'
import { refreshSessionCookies } from './sessions.ts'

type ContextDeps = Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>

/** The sales user a live sales session names, if still allowed in; null otherwise. */
function findAllowedSalesUser(deps: Pick<AppDeps, 'organisations'>, session: SessionData) {
  const { organisationId, userId } = session
  const db = deps.organisations.get(organisationId)
  const user = findSalesUser(db, userId)
  return isSalesUserAllowed(db, user, organisationId) ? user : null
}

/** The active sales user of a sales session token, or null; touches no cookie. */
export async function findSalesSessionUser(
  deps: Pick<AppDeps, 'directory' | 'organisations'>,
  token: string,
) {
  const session = await readLiveSession(deps.directory, token, 'sales')
  const user = session && findAllowedSalesUser(deps, session.data)
  return user ? { user, expire: session.expire, isRenewed: session.isRenewed } : null
}

/**
 * The sales service context of a live sales session token, or null; touches no cookie. For
 * a session kept open (the event stream checks it at every batch).
 */
export async function findSalesContext(deps: ContextDeps, token: string) {
  const session = await readLiveSession(deps.directory, token, 'sales')
  return session && toSalesContext(deps, session)
}

/** The sales user of the call's own sales session (read before its route), or null. */
export function findRequestSalesUser(deps: Pick<AppDeps, 'organisations'>, c: Context<AppEnv>) {
  const session = requestSession(c, 'sales')?.live
  return session ? findAllowedSalesUser(deps, session.data) : null
}

function toSalesContext(
  deps: ContextDeps,
  session: LiveSession,
): (SalesContext & { expire: number; isRenewed: boolean }) | null {
  const user = findAllowedSalesUser(deps, session.data)
  if (!user) return null
  const db = deps.organisations.get(user.organisationId)
  const seller = prepareOnce(db, 'seller-of-sales-user', () =>
    db
      .select({ id: salesSellers.id })
      .from(salesSellers)
      .where(
        and(eq(salesSellers.userId, sql.placeholder('userId')), eq(salesSellers.deleted, false)),
      )
      .prepare(),
  ).get({ userId: user.id })
  return {
    db,
    systemDb: deps.systemDb,
    directory: deps.directory,
    salesUser: user,
    expire: session.expire,
    isRenewed: session.isRenewed,
    actor: {
      userId: user.id,
      name: user.name,
      role: null,
      sellerId: seller?.id ?? null,
      organisationId: user.organisationId,
      permissions: new Set(SALES_ROLE_PERMISSIONS[user.role]),
    },
  }
}

export type SalesContext = ServiceContext & {
  salesUser: NonNullable<ReturnType<typeof findSalesUser>>
}

/**
 * The signed-in sales user as the actor of a sales service call; 401 without a sales
 * session (a central session does not count). The organisation comes from the session.
 * An ended session's cookie stays and a live one is renewed only when due, as for Centraal
 * (findCentralSignIn, decision 044).
 */
export function requireSalesContext(deps: ContextDeps, c: Context<AppEnv>): SalesContext {
  const session = requestSession(c, 'sales')
  const found = session?.live ? toSalesContext(deps, session.live) : null
  if (!session || !found) {
    // Ended once the call is answered (readRequestSessions).
    if (session) session.isEnded = true
    throw new AppError('unauthenticated', 'Niet ingelogd in Gold Estates')
  }
  // Renewed, when due, once the call is answered.
  session.isUsed = true
  const { token } = session
  const { expire, isRenewed, ...ctx } = found
  refreshSessionCookies(c, 'sales', {
    token,
    expire,
    organisationId: ctx.actor.organisationId,
    isRenewed,
  })
  c.set('organisationId', ctx.actor.organisationId)
  return ctx
}
