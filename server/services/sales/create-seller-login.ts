import { eq } from 'drizzle-orm'
import { salesSellers } from '#schema/db/organisation'
import type { SalesRole } from '#schema/roles'
import type { FollowedWrite, ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../errors/app-error.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { listSalesUser, writeSalesUser } from '../sales-accounts/create-sales-user.ts'
import { findLiveSeller } from './find-live-row.ts'

/** The seller a sign-in may be given to: live, in the actor's organisation, with an address. */
export function requireSellerForLogin(ctx: ServiceContext, sellerId: string) {
  requirePermission(ctx.actor, 'sales.catalog.write')
  const seller = findLiveSeller(ctx, sellerId)
  if (!seller.email) throw new AppError('invalid_input', 'Geef de verkoper eerst een e-mailadres')
  return { ...seller, email: seller.email }
}

/**
 * Gives a seller a Gold Estates sign-in (or a new setup link for the one they have) and
 * `issue`s the link for it (send-invitation.ts: by mail, or to the administrator): the
 * seller sets a password through the link, then signs in at {base}/login. Synchronous, for
 * the Idempotency-Key's transaction; the caller found the address free first
 * (requireSalesAddressFree), and `follow`, once the file committed, lists a new sign-in in
 * the login directory. The link is issued before that (it is part of the answer kept for a
 * replay): should the listing fail, the link sets a password for a sign-in no sign-in form
 * finds, and opens nothing.
 */
export function createSellerLogin<Answer>(
  ctx: ServiceContext,
  sellerId: string,
  role: SalesRole,
  issue: (userId: string) => Answer,
): FollowedWrite<Answer> {
  const seller = requireSellerForLogin(ctx, sellerId)
  if (seller.userId) return { value: issue(seller.userId), follow: async () => {} }
  const user = ctx.db.transaction((tx) => {
    const created = writeSalesUser(
      { db: tx as unknown as ServiceContext['db'] },
      {
        organisationId: ctx.actor.organisationId,
        name: seller.name,
        email: seller.email,
        role,
        passwordHash: null,
      },
    )
    tx.update(salesSellers)
      .set({ userId: created.id, seq: takeNextSeq(tx), updatedAt: Date.now() })
      .where(eq(salesSellers.id, seller.id))
      .run()
    return created
  })
  return { value: issue(user.id), follow: () => listSalesUser(ctx, user) }
}
