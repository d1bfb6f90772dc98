import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { calculateSaleCommission } from '#schema/commission'
import { planCorrection } from '#schema/commission-changes'
import { commissions, sales } from '#schema/db/organisation'
import { holdsOwnLine, OWN_LINE_REQUIRED } from '#schema/own-line'
import { getExpectedPaymentDate } from '#schema/payment-term'
import { findReviewReasons, getReviewStatusAfterWrite } from '#schema/sale-review'
import { SaleCorrectionSchema } from '#schema/sales'
import { seesAllSales } from '#schema/sales-visibility'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { notifyReview } from '../notifications/notify-sales.ts'
import { reconcilePlanLines } from './commission-plans/reconcile-plans.ts'
import { findCorrectableSale } from './find-correctable-sale.ts'
import { logUnusualSplit } from './log-unusual-split.ts'
import { requireActiveSellers } from './require-active-sellers.ts'
import { findSaleLines, insertSaleLine, requireStandingSale, toLineState } from './sale-lines.ts'
import { saleStatements } from './sale-statements.ts'

type SaleCorrection = z.infer<typeof SaleCorrectionSchema>

/** Refused: a payment was made (or undone) after the correction's author last looked. */
export const PAID_MEANWHILE =
  'Er is intussen een betaling op deze verkoop geboekt of teruggedraaid; je correctie is niet verwerkt. Bekijk de verkoop en corrigeer opnieuw.'

/** The sale's own fields a correction sets (the split and the paid total aside). */
const CORRECTED_FIELDS = Object.keys(SaleCorrectionSchema.shape).filter(
  (field) => field !== 'splits' && field !== 'paidTotal',
) as (keyof Omit<SaleCorrection, 'splits' | 'paidTotal'>)[]

/**
 * Corrects a registered sale ("Verkoop corrigeren"). Every amount is recomputed with the
 * wizard's arithmetic. While nothing of the sale is paid its lines are replaced; once
 * something is paid no line is rewritten and each difference becomes a pending
 * adjustment line for that seller (planCorrection). The activity log keeps before and after.
 * A correction by someone who does not see every sale (a SELLER correcting their own sale
 * under review or sent back) puts the sale back "Ter beoordeling". A seller who left may
 * stay on the sale, not be added to it.
 */
export function correctSale(ctx: ServiceContext, id: string, input: SaleCorrection) {
  const sale = findCorrectableSale(ctx, id)
  requireStandingSale(sale)
  if (input.paidTotal !== sale.paidTotal) throw new AppError('conflict', PAID_MEANWHILE)
  const canReadAll = seesAllSales(ctx.actor.permissions)
  if (!canReadAll && !holdsOwnLine(input.splits, ctx.actor.sellerId)) {
    throw new AppError('forbidden', OWN_LINE_REQUIRED)
  }
  const statements = saleStatements(ctx.db)
  const kept = new Set(findSaleLines(ctx.db, id).map((line) => line.sellerId))
  requireActiveSellers(statements, input.splits, 'splits', kept)
  const reviewStatus = getReviewStatusAfterWrite({
    canReadAll,
    lines: input.splits,
    current: sale.reviewStatus ?? null,
  })
  const breakdown = calculateSaleCommission(input, input.splits)
  const expectedPaymentDate = getExpectedPaymentDate(
    input,
    statements.settings.get()?.paymentTermDays,
  )
  const now = Date.now()
  return ctx.db.transaction((tx) => {
    const current = findSaleLines(tx, id)
    const plan = planCorrection(
      current.map(toLineState),
      input.splits.map((line, index) => ({
        sellerId: line.sellerId,
        commissionType: line.commissionType,
        amount: breakdown.lineAmountsCents[index] ?? 0,
      })),
    )
    const newLine = (
      line: (typeof input.splits)[number],
      fields: { commissionAmount: number; kind?: 'adjustment' },
    ) =>
      insertSaleLine(
        ctx,
        tx,
        {
          saleId: id,
          sellerId: line.sellerId,
          commissionType: line.commissionType,
          role: line.role,
          commissionPercentage: line.commissionPercentage,
          expectedPaymentDate,
          ...fields,
        },
        now,
      )
    if (plan.replace) {
      for (const line of current) {
        tx.update(commissions)
          .set({ deleted: true, seq: takeNextSeq(tx), updatedAt: now })
          .where(eq(commissions.id, line.id))
          .run()
      }
      input.splits.forEach((line, index) => {
        newLine(line, { commissionAmount: breakdown.lineAmountsCents[index] ?? 0 })
      })
    } else {
      for (const adjustment of plan.adjustments) {
        const split = input.splits.find(
          (line) =>
            line.sellerId === adjustment.sellerId &&
            line.commissionType === adjustment.commissionType,
        ) ?? { ...adjustment, role: null, commissionPercentage: 0 }
        newLine(split, { kind: 'adjustment', commissionAmount: adjustment.amount })
      }
    }
    const before = Object.fromEntries(CORRECTED_FIELDS.map((field) => [field, sale[field]]))
    const after = Object.fromEntries(CORRECTED_FIELDS.map((field) => [field, input[field]]))
    const corrected = tx
      .update(sales)
      .set({
        ...after,
        commissionAmount: breakdown.netCents,
        discountAmount: breakdown.discountCents,
        splits: input.splits,
        reviewStatus,
        // A split stated by hand: no longer the plans' (decision 039).
        fromPlan: false,
        // Sent back for review again: the rejection's reason stays in the activity feed.
        ...(reviewStatus !== sale.reviewStatus && { reviewReason: null }),
        seq: takeNextSeq(tx),
        updatedAt: now,
      })
      .where(eq(sales.id, id))
      .returning()
      .get()
    // Its price and date are part of its sellers' volume: their plan lines follow.
    reconcilePlanLines(ctx, tx, {
      sellerIds: [...current, ...input.splits].map((line) => line.sellerId),
      dates: [sale.saleDate, input.saleDate],
      cause: `correctie van ${sale.clientName} (${sale.propertyNumber})`,
    })
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'sale',
      action: 'Verkoop gecorrigeerd',
      target: `${sale.clientName} (${sale.propertyNumber})`,
      metadata: {
        saleId: id,
        before: { ...before, commissionAmount: sale.commissionAmount },
        after: { ...after, commissionAmount: breakdown.netCents },
        splits: input.splits,
        adjustments: plan.replace ? [] : plan.adjustments,
        ...(reviewStatus === 'pending' && { reviewStatus }),
      },
    })
    logUnusualSplit(tx, ctx, { ...sale, ...after, id }, input.splits)
    if (reviewStatus === 'pending' && sale.reviewStatus !== 'pending') {
      const reasons = findReviewReasons(input.splits)
      notifyReview(tx, corrected, { kind: 'sale-review-pending', reasons })
    }
    return corrected
  })
}
