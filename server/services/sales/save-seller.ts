import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { salesSellers, salesUsers } from '#schema/db/organisation'
import type { SellerCreateSchema, SellerUpdateSchema } from '#schema/sales'
import { deleteUserSessions } from '../../auth/sessions.ts'
import type { ServiceContext } from '../../context.ts'
import { changedSyncedRow, newSyncedRow } from '../../db/synced-row.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findLiveSeller } from './find-live-row.ts'

/** Adds a seller to the sales team (ADMIN). */
export function createSeller(
  ctx: ServiceContext,
  input: z.infer<typeof SellerCreateSchema>,
  options: { id?: string } = {},
) {
  requirePermission(ctx.actor, 'sales.catalog.write')
  return ctx.db.transaction((tx) =>
    tx
      .insert(salesSellers)
      .values({ ...input, ...newSyncedRow(tx, ctx.actor.organisationId, options.id) })
      .returning()
      .get(),
  )
}

/**
 * Changes a seller. Deactivating a seller also deactivates their sales sign-in and ends
 * its sessions.
 */
export function updateSeller(
  ctx: ServiceContext,
  id: string,
  changes: z.infer<typeof SellerUpdateSchema>,
) {
  requirePermission(ctx.actor, 'sales.catalog.write')
  findLiveSeller(ctx, id)
  const seller = ctx.db.transaction((tx) => {
    const row = tx
      .update(salesSellers)
      .set({ ...changes, ...changedSyncedRow(tx) })
      .where(eq(salesSellers.id, id))
      .returning()
      .get()
    if (row.userId && changes.status) {
      tx.update(salesUsers)
        .set({ status: changes.status, updatedAt: Date.now() })
        .where(eq(salesUsers.id, row.userId))
        .run()
    }
    return row
  })
  if (seller.userId && seller.status !== 'active') {
    deleteUserSessions(ctx.systemDb, {
      kind: 'sales',
      organisationId: ctx.actor.organisationId,
      userId: seller.userId,
    })
  }
  return seller
}
