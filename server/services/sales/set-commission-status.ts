import { eq } from 'drizzle-orm'
import { commissions } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findLiveCommission } from './find-live-row.ts'

/**
 * Marks a commission paid (sets paidAt) or back to pending (the undo). Overdue is never
 * stored: it is derived from a pending line's expected payment date.
 */
export function setCommissionStatus(ctx: ServiceContext, id: string, status: 'paid' | 'pending') {
  requirePermission(ctx.actor, 'sales.commissions.pay')
  findLiveCommission(ctx, id)
  return ctx.db.transaction((tx) =>
    tx
      .update(commissions)
      .set({
        status,
        paidAt: status === 'paid' ? Date.now() : null,
        seq: takeNextSeq(tx),
        updatedAt: Date.now(),
      })
      .where(eq(commissions.id, id))
      .returning()
      .get(),
  )
}
