import { eq } from 'drizzle-orm'
import { salesSellers } from '#schema/db/organisation'
import type { SalesRole } from '#schema/roles'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../http/app-error.ts'
import { issueSetupToken } from '../accounts/issue-setup-token.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { createSalesUser } from '../sales-accounts/create-sales-user.ts'
import { findLiveSeller } from './find-live-row.ts'

/**
 * Gives a seller a Gold Estates sign-in (or a new setup link for the one they have):
 * the seller sets a password through the link, then signs in at {base}/login.
 */
export function createSellerLogin(ctx: ServiceContext, sellerId: string, role: SalesRole) {
  requirePermission(ctx.actor, 'sales.catalog.write')
  const seller = findLiveSeller(ctx, sellerId)
  if (!seller.email) throw new AppError('invalid_input', 'Geef de verkoper eerst een e-mailadres')
  const userId =
    seller.userId ??
    ctx.db.transaction((tx) => {
      const txCtx = { ...ctx, db: tx as unknown as ServiceContext['db'] }
      const user = createSalesUser(txCtx, {
        organisationId: ctx.actor.organisationId,
        name: seller.name,
        email: seller.email ?? '',
        role,
        passwordHash: null,
      })
      tx.update(salesSellers)
        .set({ userId: user.id, seq: takeNextSeq(tx), updatedAt: Date.now() })
        .where(eq(salesSellers.id, seller.id))
        .run()
      return user.id
    })
  const { token, expiresAt } = issueSetupToken(ctx, ctx.actor.organisationId, userId, 'sales')
  return { setupPath: `/setup/${token}`, expiresAt }
}
