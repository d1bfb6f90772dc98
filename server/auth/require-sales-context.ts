import { and, eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { salesSellers } from '#schema/db/organisation'
import { SALES_ROLE_PERMISSIONS } from '#schema/permissions'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import type { ServiceContext } from '../context.ts'
import { prepareOnce } from '../db/prepare-once.ts'
import { AppError } from '../errors/app-error.ts'
import { findSalesUser } from '../services/sales-accounts/find-sales-account.ts'
import { isSalesUserAllowed } from '../services/sales-accounts/is-sales-user-allowed.ts'
import {
  deleteSession,
  readSessionToken,
  refreshSessionCookies,
  validateSession,
} from './sessions.ts'

/** The active sales user of a sales session token, or null; touches no cookie. */
export function findSalesSessionUser(
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>,
  token: string,
) {
  const session = validateSession(deps.systemDb, token, 'sales')
  if (!session) return null
  const { organisationId, userId } = session.data
  const db = deps.organisations.get(organisationId)
  const user = findSalesUser(db, userId)
  return isSalesUserAllowed(db, user, organisationId)
    ? { user, expire: session.expire, isRenewed: session.isRenewed }
    : null
}

/** The sales service context of a live sales session token, or null; touches no cookie. */
export function findSalesContext(
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>,
  token: string,
): (SalesContext & { expire: number; isRenewed: boolean }) | null {
  const found = findSalesSessionUser(deps, token)
  if (!found) return null
  const { user, expire, isRenewed } = found
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
    expire,
    isRenewed,
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
export function requireSalesContext(
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>,
  c: Context<AppEnv>,
): SalesContext {
  const token = readSessionToken(c, 'sales')
  const found = token ? findSalesContext(deps, token) : null
  if (!token || !found) {
    if (token) deleteSession(deps.systemDb, token, 'sales')
    throw new AppError('unauthenticated', 'Niet ingelogd in Gold Estates')
  }
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
