import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { crossAppAccess, salesUsers, users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../http/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { createSalesUser } from './create-sales-user.ts'
import { findSalesAccount, findSalesUser } from './find-sales-account.ts'

const TARGET_APP = 'gold-estates'

function findOrCreateLinkedSalesUser(
  ctx: ServiceContext,
  centralUser: { id: string; name: string; email: string },
) {
  const access = ctx.db
    .select()
    .from(crossAppAccess)
    .where(
      and(
        eq(crossAppAccess.centraalUserId, centralUser.id),
        eq(crossAppAccess.targetApp, TARGET_APP),
      ),
    )
    .get()
  const linked = access ? findSalesUser(ctx.db, access.targetUserId) : undefined
  if (linked) return { salesUser: linked, access }
  const existing = findSalesAccount(ctx.systemDb, centralUser.email)
  if (existing && existing.organizationId !== ctx.actor.organisationId) {
    throw new AppError(
      'conflict',
      'Dit e-mailadres hoort al bij een Gold Estates-account van een andere organisatie',
    )
  }
  const salesUser = existing
    ? findSalesUser(ctx.db, existing.userId)
    : createSalesUser(ctx, {
        organisationId: ctx.actor.organisationId,
        name: centralUser.name,
        email: centralUser.email,
        role: 'ADMIN',
        passwordHash: null,
        centraalUserId: centralUser.id,
      })
  if (!salesUser) throw new AppError('not_found', 'Gold Estates-account niet gevonden')
  return { salesUser, access }
}

/**
 * A SUPERADMIN opens Gold Estates: linked (cross_app_access, created on first launch) to a
 * sales user with role ADMIN, which is active while the link is. Counts every launch.
 */
export function launchGoldEstates(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'sales.launch')
  const centralUser = ctx.db
    .select()
    .from(users)
    .where(eq(users.id, ctx.actor.userId ?? ''))
    .get()
  if (!centralUser) throw new AppError('unauthenticated', 'Niet ingelogd')
  const now = Date.now()
  return ctx.db.transaction((tx) => {
    const txCtx = { ...ctx, db: tx as unknown as ServiceContext['db'] }
    const { salesUser, access } = findOrCreateLinkedSalesUser(txCtx, centralUser)
    tx.update(salesUsers)
      .set({ role: 'ADMIN', status: 'active', centraalUserId: centralUser.id, updatedAt: now })
      .where(eq(salesUsers.id, salesUser.id))
      .run()
    if (access) {
      tx.update(crossAppAccess)
        .set({
          accessCount: access.accessCount + 1,
          lastAccessedAt: now,
          targetUserId: salesUser.id,
          status: 'active',
        })
        .where(eq(crossAppAccess.id, access.id))
        .run()
    } else {
      tx.insert(crossAppAccess)
        .values({
          id: uuidv7(),
          centraalUserId: centralUser.id,
          targetApp: TARGET_APP,
          targetUserId: salesUser.id,
          grantedBy: centralUser.id,
          grantedAt: now,
          lastAccessedAt: now,
          accessCount: 1,
        })
        .run()
    }
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'app',
      action: 'Gold Estates gelanceerd',
      target: 'Gold Estates',
    })
    return { salesUserId: salesUser.id }
  })
}
