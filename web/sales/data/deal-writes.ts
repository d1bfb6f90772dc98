import { format } from 'date-fns/format'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import { calculateCommission } from '#schema/commission'
import { getReviewStatusAfterWrite } from '#schema/sale-review'
import type { PaymentPartSchema, SaleCorrectionSchema } from '#schema/sales'
import type { SalesDatabase } from '#sync/client/local-database'
import { getServerNow } from '#sync/client/server-clock'
import { requireSalesDatabase } from './sales-database.tsx'

// The life of a deal after registration, written to the local database and replicated
// like any other write: the server decides through the same services as its REST calls,
// and a refusal comes back with its reason (useRefusedSalesWrites, "Niet verwerkte
// wijzigingen").

/** A correction as the screen gives it; paidTotal is taken from the local sale. */
export type SaleCorrectionInput = Omit<z.input<typeof SaleCorrectionSchema>, 'paidTotal'>

/** A payment part as the screen gives it: amount in cents, paidOn 'YYYY-MM-DD'. */
export type PaymentPartInput = z.input<typeof PaymentPartSchema>

/**
 * The write schemas, loaded with the first write: with zod they are about a tenth of a
 * second of evaluation on a phone, which the sales area's first screen does not wait for.
 */
export const loadSalesSchemas = () => import('#schema/sales')

/** A local check refused the input; the message says why, in Dutch. */
export class DealInputError extends Error {}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input)
  if (!parsed.success)
    throw new DealInputError(parsed.error.issues[0]?.message ?? 'Ongeldige invoer')
  return parsed.data
}

async function requireSale(id: string) {
  const { db } = await requireSalesDatabase()
  const sale = await db.sales.findOne(id).exec()
  if (!sale) throw new DealInputError('Verkoop niet gevonden')
  if (sale.seq === 0) {
    throw new DealInputError('Deze verkoop staat nog niet op de server; probeer het zo opnieuw')
  }
  return sale
}

/**
 * "Verkoop corrigeren": the sale takes the new figures and split at once; the server
 * recomputes its lines (or, once something is paid, adds adjustment lines). The sale's own
 * paidTotal travels with it, so a correction made before a payment arrived is refused.
 * A SELLER's correction of their sale under review or sent back shows "Ter beoordeling"
 * at once (the server's rule, schema/sale-review.ts).
 */
export async function correctSale(
  id: string,
  input: SaleCorrectionInput,
  author: { canReadAll: boolean },
) {
  const sale = await requireSale(id)
  if (sale.status === 'cancelled') throw new DealInputError('Deze verkoop is geannuleerd')
  const { SaleCorrectionSchema } = await loadSalesSchemas()
  const correction = parse(SaleCorrectionSchema, { ...input, paidTotal: sale.paidTotal })
  const { paidTotal: _paidTotal, ...fields } = correction
  const breakdown = calculateCommission({
    salePriceCents: correction.salePrice,
    commissionPercentage: correction.commissionPercentage,
    discountPercentage: correction.discountPercentage,
    costsCents: correction.totalCosts,
    lines: [],
  })
  const reviewStatus = getReviewStatusAfterWrite({
    canReadAll: author.canReadAll,
    lines: correction.splits,
    current: sale.reviewStatus ?? null,
  })
  await sale.incrementalPatch({
    ...fields,
    commissionAmount: breakdown.netCents,
    reviewStatus,
    ...(reviewStatus !== sale.reviewStatus && { reviewReason: null }),
    updatedAt: Date.now(),
  })
}

/** "Verkoop annuleren" with its reason; the server cancels its lines and adds clawbacks. */
export async function cancelSale(id: string, reason: string) {
  const sale = await requireSale(id)
  if (sale.status === 'cancelled') throw new DealInputError('Deze verkoop is al geannuleerd')
  const { SaleCancelSchema } = await loadSalesSchemas()
  const parsed = parse(SaleCancelSchema, { reason })
  await sale.incrementalPatch({
    status: 'cancelled',
    cancelReason: parsed.reason,
    cancelledAt: Date.now(),
    updatedAt: Date.now(),
  })
}

const NOT_ON_SERVER = 'Deze commissie staat nog niet op de server; probeer het zo opnieuw'

/** A commission line as this device holds it, inside its sale (decision 013). */
export async function findLocalLine(db: SalesDatabase['db'], line: { id: string; saleId: string }) {
  const sale = await db.sales.findOne(line.saleId).exec()
  const stored = sale?.lines.find((candidate) => candidate.id === line.id)
  if (!stored) throw new DealInputError(NOT_ON_SERVER)
  return stored
}

/** Books a payment part on a commission line; returns the part's id. */
export async function addPaymentPart(
  line: { id: string; saleId: string },
  input: PaymentPartInput,
) {
  const { PaymentPartSchema } = await loadSalesSchemas()
  const part = parse(PaymentPartSchema, input)
  const { db } = await requireSalesDatabase()
  const stored = await findLocalLine(db, line)
  const now = Date.now()
  const id = uuidv7()
  await db.commission_payments.insert({
    id,
    commissionId: stored.id,
    saleId: stored.saleId,
    sellerId: stored.sellerId,
    amount: part.amount,
    paidOn: part.paidOn,
    note: part.note,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
    seq: 0,
  })
  return id
}

/** Undoes a payment part: the line is open again by its amount. */
export async function undoPaymentPart(partId: string) {
  const { db } = await requireSalesDatabase()
  const part = await db.commission_payments.findOne(partId).exec()
  if (!part) throw new DealInputError('Betaling niet gevonden')
  await part.remove()
}

/** Today by the server's clock (as far as this device knows it), a payment part's default date. */
export const todayAsPaidOn = () => format(getServerNow(), 'yyyy-MM-dd')
