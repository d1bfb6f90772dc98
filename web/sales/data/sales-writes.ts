import { format } from 'date-fns/format'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import type { CommissionType } from '#schema/commission'
import { applyPaymentParts } from '#schema/commission-changes'
import { getOpenAmount } from '#schema/commission-line-status'
import { readPlannedPercentage } from '#schema/plan-deviation'
import { getReviewStatusAfterWrite } from '#schema/sale-review'
import type { SaleCreateSchema } from '#schema/sales'
import { getServerNow } from '#sync/client/server-clock'
import { api } from '../../lib/api-client.ts'
import { addPaymentPart, findLocalLine, loadSalesSchemas, todayAsPaidOn } from './deal-writes.ts'
import { requireSalesDatabase } from './sales-database.tsx'

/** What the wizard hands to registerSale: the sale create payload (docs/behaviour.md), cents. */
export type SalePayload = z.input<typeof SaleCreateSchema>

/**
 * A sale registered from plans (decision 040): who is on it in which role, and what made
 * each of the payload's lines (the device's own calculation, shown as provisional). The
 * server fills the real lines when the sale arrives.
 */
export type SalePlan = {
  /** `share`: set over the plan's ("afwijkend van plan"); null follows the plan. */
  team: {
    sellerId: string
    role: string | null
    commissionType: CommissionType
    share: number | null
  }[]
  /** A line set over its plan names no version and says what the plan gave (its note). */
  lines: { planVersionId: string | null; planTier: number | null; planNote: string | null }[]
}

/** The first problem of a payload the local check refuses, as one readable message. */
export class SalePayloadError extends Error {}

/**
 * Registers a sale in the local database, with its commission lines, under a new id (UUID
 * v7). Replication pushes it once; the server recomputes every amount and refuses the sale
 * when one is more than a cent off (see useRefusedSalesWrites). Without a saleDate the sale
 * is dated today. A registration by someone who does not see every sale (a SELLER) with an
 * unusual split shows "Ter beoordeling" at once, by the server's own rule
 * (schema/sale-review.ts); the server's copy then says what it decided. Returns the id.
 */
export async function registerSale(
  payload: SalePayload,
  author: { userId: string; canReadAll: boolean },
  plan?: SalePlan,
): Promise<string> {
  const { SaleCreateSchema } = await loadSalesSchemas()
  const parsed = SaleCreateSchema.safeParse(payload)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new SalePayloadError(issue ? issue.message : 'Ongeldige verkoop')
  }
  const sale = parsed.data
  const { db } = await requireSalesDatabase()
  const now = Date.now()
  const id = uuidv7()
  await db.sales.insert({
    id,
    projectId: sale.projectId,
    clientName: sale.clientName,
    clientEmail: sale.clientEmail,
    clientPhone: sale.clientPhone,
    propertyNumber: sale.propertyNumber,
    saleDate: sale.saleDate ?? format(getServerNow(), 'yyyy-MM-dd'),
    deliveryDate: sale.deliveryDate,
    salePrice: sale.salePrice,
    commissionPercentage: sale.commissionPercentage,
    commissionAmount: sale.commissionAmount,
    totalCosts: sale.totalCosts,
    costsDescription: sale.costsDescription,
    discountPercentage: sale.discountPercentage,
    status: 'completed',
    notes: sale.notes,
    // The server sets its own; meanwhile the device's lists know whose sale it is.
    createdBy: author.userId,
    createdAt: now,
    updatedAt: now,
    // seq 0: not yet on the server; the server's copy replaces it after the push.
    seq: 0,
    splits: null,
    cancelReason: null,
    cancelledAt: null,
    paidTotal: 0,
    reviewStatus: getReviewStatusAfterWrite({
      canReadAll: author.canReadAll,
      lines: sale.commissions.map((line, index) => ({
        ...line,
        plannedPercentage: plan?.lines[index] ? readPlannedPercentage(plan.lines[index]) : null,
      })),
      current: null,
      fromPlan: plan !== undefined,
    }),
    reviewReason: null,
    reviewedBy: null,
    reviewedAt: null,
    lines: [],
    fromPlan: plan !== undefined,
    ...(plan && { team: plan.team }),
    commissions: sale.commissions.map((line, index) => ({
      ...plan?.lines[index],
      sellerId: line.sellerId,
      role: line.role,
      commissionType: line.commissionType,
      commissionPercentage: line.commissionPercentage,
      commissionAmount: line.commissionAmount,
    })),
  })
  return id
}

/**
 * "Markeer betaald" and its undo (ADMIN and MANAGER; the server refuses anyone else and the
 * change is undone with its reason). Paid books what is still open as one payment part,
 * dated today; pending undoes every part of the line. A line of 0 has no parts: it is
 * marked through PATCH /api/gold-estates/commissions/:id (kept in the offline queue while
 * there is no connection), and shows its new status when its sale comes back from the
 * server.
 */
export async function setCommissionStatus(
  line: { id: string; saleId: string },
  status: 'paid' | 'pending',
) {
  const { db } = await requireSalesDatabase()
  const stored = await findLocalLine(db, line)
  const parts = await db.commission_payments.find({ selector: { commissionId: line.id } }).exec()
  if (stored.commissionAmount === 0) {
    await api['gold-estates'].commissions[':id'].$patch({
      param: { id: line.id },
      json: { status },
    })
  } else if (status === 'pending') {
    await Promise.all(parts.map((part) => part.remove()))
  } else {
    // The parts this device holds count at once, those it booked offline included.
    const [current = stored] = applyPaymentParts([stored], parts)
    const open = Math.abs(getOpenAmount(current))
    if (open > 0) await addPaymentPart(line, { amount: open, paidOn: todayAsPaidOn(), note: null })
  }
}
