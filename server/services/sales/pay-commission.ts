import { format } from 'date-fns/format'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import {
  applyPaymentPart,
  isPaidOnTooLate,
  PAID_ON_TOO_LATE,
  PaymentPartError,
  statusAfter,
} from '#schema/commission-changes'
import { getOpenAmount } from '#schema/commission-line-status'
import { commissionPayments, commissions } from '#schema/db/organisation'
import { isReviewCleared, SALE_UNDER_REVIEW } from '#schema/sale-review'
import type { PaymentPartSchema } from '#schema/sales'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { requireLiveRow } from '../../db/require-live-row.ts'
import { newSyncedRow } from '../../db/synced-row.ts'
import { AppError } from '../../errors/app-error.ts'
import { notifyLinePaid } from '../notifications/notify-sales.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findLiveCommission, findLiveSale } from './find-live-row.ts'
import { recountSalePaid, requireVisibleLine } from './sale-lines.ts'

type PaymentPart = z.infer<typeof PaymentPartSchema>
type Writer = Pick<OrganisationDb, 'get' | 'update'>

/** Refused: the line belongs to a cancelled sale (its clawback is paid instead). */
export const LINE_CANCELLED = 'Deze commissie hoort bij een geannuleerde verkoop'

/** Sets a line's paid amount and status after its parts changed, and recounts its sale. */
function setLinePaid(
  tx: Writer,
  line: typeof commissions.$inferSelect,
  paidAmount: number,
  now: number,
  status = statusAfter(line.kind, line.commissionAmount, paidAmount),
) {
  tx.update(commissions)
    .set({
      paidAmount,
      status,
      paidAt: status === 'pending' ? null : (line.paidAt ?? now),
      seq: takeNextSeq(tx),
      updatedAt: now,
    })
    .where(eq(commissions.id, line.id))
    .run()
  recountSalePaid(tx, line.saleId)
}

/**
 * Books one payment part on a commission line (amount in cents, date, note). Refused on a
 * line of a cancelled sale, above what is still open and dated more than a day after the
 * server's today (schema/commission-changes.ts), and on a sale under review or sent back
 * (schema/sale-review.ts); the line is paid (a clawback: settled)
 * when its parts add up.
 */
export function addPaymentPart(
  ctx: ServiceContext,
  commissionId: string,
  input: PaymentPart,
  options: { id?: string } = {},
) {
  requirePermission(ctx.actor, 'sales.commissions.pay')
  const line = findLiveCommission(ctx, commissionId)
  requireVisibleLine(ctx, line)
  if (line.status === 'cancelled') throw new AppError('conflict', LINE_CANCELLED)
  const sale = findLiveSale(ctx, line.saleId)
  if (sale.status === 'cancelled' && line.kind !== 'clawback') {
    throw new AppError('conflict', LINE_CANCELLED)
  }
  if (!isReviewCleared(sale)) throw new AppError('conflict', SALE_UNDER_REVIEW)
  if (isPaidOnTooLate(input.paidOn, Date.now())) {
    throw new AppError('invalid_input', PAID_ON_TOO_LATE, {
      errors: [{ path: 'paidOn', message: PAID_ON_TOO_LATE }],
    })
  }
  let paid: number
  try {
    paid = applyPaymentPart(toPaymentLine(line), input.amount).paid
  } catch (error) {
    if (!(error instanceof PaymentPartError)) throw error
    const message = error.message
    throw new AppError('invalid_input', `amount: ${message}`, {
      errors: [{ path: 'amount', message }],
    })
  }
  const now = Date.now()
  return ctx.db.transaction((tx) => {
    const part = tx
      .insert(commissionPayments)
      .values({
        ...newSyncedRow(tx, ctx.actor.organisationId, options.id, now),
        commissionId: line.id,
        saleId: line.saleId,
        sellerId: line.sellerId,
        amount: input.amount,
        paidOn: input.paidOn,
        note: input.note,
        createdBy: ctx.actor.userId,
      })
      .returning()
      .get()
    setLinePaid(tx, line, paid, now)
    // Money paid out, not money a clawback claims back: the seller hears of it by mail.
    if (line.kind !== 'clawback') notifyLinePaid(tx, sale, { ...line, paidAmount: paid }, input)
    return part
  })
}

/** Undoes a payment part (a tombstone); the line is open again by its amount. */
export function undoPaymentPart(ctx: ServiceContext, partId: string) {
  requirePermission(ctx.actor, 'sales.commissions.pay')
  const part = requireLiveRow(ctx.db, commissionPayments, partId, 'Betaling niet gevonden')
  const line = findLiveCommission(ctx, part.commissionId)
  requireVisibleLine(ctx, line)
  // A cancelled line's payments are what its clawback claims back: they stay.
  if (line.status === 'cancelled') throw new AppError('conflict', LINE_CANCELLED)
  const direction = line.commissionAmount < 0 ? -1 : 1
  const now = Date.now()
  ctx.db.transaction((tx) => {
    tx.update(commissionPayments)
      .set({ deleted: true, seq: takeNextSeq(tx), updatedAt: now })
      .where(eq(commissionPayments.id, part.id))
      .run()
    setLinePaid(tx, line, line.paidAmount - direction * part.amount, now)
  })
  return part
}

/**
 * "Markeer betaald" and its undo: paid books one part of what is still open, dated today;
 * pending undoes every part of the line.
 */
export function setCommissionStatus(
  ctx: ServiceContext,
  id: string,
  status: 'paid' | 'settled' | 'pending',
) {
  requirePermission(ctx.actor, 'sales.commissions.pay')
  const line = findLiveCommission(ctx, id)
  requireVisibleLine(ctx, line)
  if (line.status === 'cancelled') throw new AppError('conflict', LINE_CANCELLED)
  if (!isReviewCleared(findLiveSale(ctx, line.saleId))) {
    throw new AppError('conflict', SALE_UNDER_REVIEW)
  }
  if (line.commissionAmount === 0) {
    // Nothing to pay in parts: a line of 0 is simply marked.
    const marked = status === 'pending' ? 'pending' : line.kind === 'clawback' ? 'settled' : 'paid'
    ctx.db.transaction((tx) => setLinePaid(tx, line, 0, Date.now(), marked))
  } else if (status !== 'pending') {
    const open = Math.abs(getOpenAmount(line))
    const paidOn = format(Date.now(), 'yyyy-MM-dd')
    if (open > 0) addPaymentPart(ctx, id, { amount: open, paidOn, note: null })
  } else {
    const parts = ctx.db
      .select({ id: commissionPayments.id })
      .from(commissionPayments)
      .where(and(eq(commissionPayments.commissionId, id), eq(commissionPayments.deleted, false)))
      .all()
    for (const part of parts) undoPaymentPart(ctx, part.id)
  }
  return findLiveCommission(ctx, id)
}

function toPaymentLine(line: typeof commissions.$inferSelect) {
  return {
    amount: line.commissionAmount,
    paid: line.paidAmount,
    status: line.status as 'pending' | 'paid' | 'settled' | 'cancelled',
    kind: line.kind,
  }
}
