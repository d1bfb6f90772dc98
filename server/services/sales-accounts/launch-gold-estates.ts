import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { crossAppAccess, salesUsers, users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { noteUserActive } from '../users/note-user-active.ts'
import { createLaunchAccount, indexLaunchAccount } from './create-launch-account.ts'
import { findSalesUser } from './find-sales-account.ts'

const TARGET_APP = 'gold-estates'

// The account this central user's earlier launch made, by the link's id; never by address.
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
  if (linked?.organisationId === ctx.actor.organisationId) return { salesUser: linked, access }
  const salesUser = createLaunchAccount(ctx, ctx.actor.organisationId, centralUser)
  return { salesUser, access }
}

/**
 * A SUPERADMIN opens Gold Estates: linked (cross_app_access, created on first launch) to a
 * sales user with role ADMIN, which is active while the link is. Counts every launch. The
 * account is found by the link alone: a Gold Estates sign-in with the person's address,
 * here or in another organisation, is someone's own sign-in and stays as it is. Once the
 * file committed, the login directory names the account under the central user's key
 * (indexLaunchAccount); should that fail, no session of it is valid, and the next launch
 * makes the entry again.
 */
export async function launchGoldEstates(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'sales.launch')
  const centralUser = ctx.db
    .select()
    .from(users)
    .where(eq(users.id, ctx.actor.userId ?? ''))
    .get()
  if (!centralUser) throw new AppError('unauthenticated', 'Niet ingelogd')
  const now = Date.now()
  const launched = ctx.db.transaction((tx) => {
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
  noteUserActive(ctx.db, centralUser.id)
  await indexLaunchAccount(ctx, ctx.actor.organisationId, centralUser.id, launched.salesUserId)
  return launched
}
