import { and, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import { salesSellers, salesUsers } from '#schema/db/organisation'
import { setupTokens } from '#schema/db/system'
import type { SellerCreateSchema, SellerUpdateSchema } from '#schema/sales'
import type { FollowedWrite, ServiceContext } from '../../context.ts'
import { newSyncedRow, updateSyncedRow } from '../../db/synced-row.ts'
import { AppError } from '../../errors/app-error.ts'
import { endAccountSessions } from '../../system-directory/session-lifetime.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findSalesUser } from '../sales-accounts/find-sales-account.ts'
import { isSalesAddressTaken } from '../sales-address-change/sales-address-taken.ts'
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

/** Refused: the address of a seller whose sign-in is in use is the seller's own to change. */
export const OWN_ADDRESS_REFUSAL =
  'Deze verkoper logt in met dit e-mailadres: alleen de verkoper zelf kan het wijzigen, in Instellingen van Gold Estates.'

/**
 * Changes a seller. Deactivating a seller also deactivates their sales sign-in and ends
 * its sessions. A seller's address is their sign-in's (one truth, decision 037): once its
 * holder chose a password only they change it (with a confirmation mail); before that the
 * sales ADMIN may correct it, and the sign-in, its (now useless) setup link and, in
 * `follow` once the file committed, its directory entry follow. Synchronous, for a
 * transaction (a push, an Idempotency-Key).
 */
export function updateSeller(
  ctx: ServiceContext,
  id: string,
  changes: z.infer<typeof SellerUpdateSchema>,
): FollowedWrite<typeof salesSellers.$inferSelect> {
  requirePermission(ctx.actor, 'sales.catalog.write')
  const current = findLiveSeller(ctx, id)
  const newEmail = changes.email !== undefined && changes.email !== current.email
  const signIn = newEmail && current.userId ? findSalesUser(ctx.db, current.userId) : undefined
  if (signIn) {
    if (signIn.passwordHash) throw new AppError('conflict', OWN_ADDRESS_REFUSAL)
    if (!changes.email)
      throw new AppError('invalid_input', 'Een verkoper met een login heeft een e-mailadres nodig')
    const own = { salesUserId: signIn.id, sellerId: current.id }
    if (isSalesAddressTaken(ctx.db, changes.email, own)) {
      throw new AppError(
        'conflict',
        'In deze organisatie bestaat al een Gold Estates-account met dit e-mailadres',
      )
    }
  }
  const seller = ctx.db.transaction((tx) => {
    const row = updateSyncedRow(tx, salesSellers, id, changes)
    if (signIn && changes.email) {
      tx.update(salesUsers)
        .set({
          email: changes.email,
          setupTokenHash: null,
          setupTokenExpires: null,
          updatedAt: Date.now(),
        })
        .where(eq(salesUsers.id, signIn.id))
        .run()
    }
    if (row.userId && changes.status) {
      tx.update(salesUsers)
        .set({ status: changes.status, updatedAt: Date.now() })
        .where(eq(salesUsers.id, row.userId))
        .run()
    }
    return row
  })
  const newEntryEmail = signIn && changes.email ? changes.email : null
  if (signIn && newEntryEmail) {
    // Its setup links went to the address now corrected: they stop working, before the
    // directory moves the entry. Should that move fail, the entry keeps the old address
    // of a sign-in without a password: nobody signs in by either.
    ctx.systemDb
      .update(setupTokens)
      .set({ usedAt: Date.now() })
      .where(and(eq(setupTokens.userId, signIn.id), isNull(setupTokens.usedAt)))
      .run()
  }
  const follow = async () => {
    const account = { kind: 'sales' as const, organisationId: ctx.actor.organisationId }
    // A seller no longer active is out at once (isSalesUserAllowed); their sessions end here.
    if (seller.userId && seller.status !== 'active') {
      await endAccountSessions(ctx.directory, { ...account, userId: seller.userId })
    }
    if (!signIn || !newEntryEmail) return
    await ctx.directory.changeEntryEmail({ ...account, userId: signIn.id }, newEntryEmail)
  }
  return { value: seller, follow }
}
