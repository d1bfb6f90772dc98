import { format } from 'date-fns/format'
import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import { calculateSaleCommission } from '#schema/commission'
import { sales } from '#schema/db/organisation'
import { holdsOwnLine, OWN_LINE_REQUIRED } from '#schema/own-line'
import { getExpectedPaymentDate } from '#schema/payment-term'
import {
  findReviewReasons,
  getReviewStatusAfterWrite,
  type ReviewedLine,
} from '#schema/sale-review'
import type { SaleCreateSchema } from '#schema/sales'
import { seesAllSales } from '#schema/sales-visibility'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../errors/app-error.ts'
import { notifyReview, notifySaleRegistered } from '../notifications/notify-sales.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { enqueueLead } from './enqueue-lead.ts'
import { logUnusualSplit } from './log-unusual-split.ts'
import { type PlanLineOrigin, planColumns, toReviewedLines } from './plan-line-origin.ts'
import { requireActiveSellers } from './require-active-sellers.ts'
import { insertSaleLine } from './sale-lines.ts'
import { saleStatements } from './sale-statements.ts'

type SaleInput = z.infer<typeof SaleCreateSchema>

// Amounts computed by a client may differ from the server's by rounding, never by more.
const TOLERANCE_CENTS = 1

/**
 * Refused: a device's new sale names the id of a stored one. A SELLER's push finds no
 * stored row for a sale they may not read and arrives here as a create.
 */
export const SALE_EXISTS = 'Deze verkoop bestaat al'

function invalid(path: string, message: string): never {
  throw new AppError('invalid_input', `${path}: ${message}`, { errors: [{ path, message }] })
}

function requireExisting(statements: ReturnType<typeof saleStatements>, input: SaleInput) {
  const project = statements.liveProject.get({ id: input.projectId })
  if (!project) invalid('projectId', 'Project bestaat niet in deze organisatie')
  if (project.status !== 'active') {
    invalid('projectId', `Project ${project.name} is niet actief`)
  }
  requireActiveSellers(statements, input.commissions, 'commissions')
  return project
}

function requireAmounts(input: SaleInput, fromPlan: boolean) {
  const breakdown = calculateSaleCommission(input, input.commissions)
  const check = (path: string, sent: number, expected: number) => {
    if (Math.abs(sent - expected) > TOLERANCE_CENTS) {
      invalid(path, `verwacht ${expected} cent volgens de berekening, ontvangen ${sent}`)
    }
  }
  check('commissionAmount', input.commissionAmount, breakdown.netCents)
  // Lines filled from plans are the server's own arithmetic (a tier blended, a cap): kept.
  if (fromPlan)
    return {
      ...breakdown,
      lineAmountsCents: input.commissions.map((line) => line.commissionAmount),
    }
  input.commissions.forEach((line, index) => {
    check(
      `commissions.${index}.commissionAmount`,
      line.commissionAmount,
      breakdown.lineAmountsCents[index] ?? 0,
    )
  })
  return breakdown
}

/**
 * Registers a sale with its commission lines (docs/behaviour.md, The sale wizard). Every amount is recomputed here
 * from the inputs and stored as computed; a payload more than a cent off is refused. The
 * sale is stored completed, each line pending until its expected payment date: the
 * delivery date when given, else the sale date plus the organisation's payment term.
 * A SELLER's unusual split is stored "Ter beoordeling" (schema/sale-review.ts): its lines
 * are neither paid nor counted until an approver clears it. The project and every seller
 * must be active.
 */
export function createSale(
  ctx: ServiceContext,
  input: SaleInput,
  options: {
    id?: string
    /**
     * False: the caller recounts the project's sold units before its transaction ends
     * (recountSoldUnits), as an import does once per project and chunk of rows instead of
     * counting the project's sales again for every row.
     */
    recountProject?: boolean
    /** An import's id: its notifications wait for its end (releaseHeldNotifications). */
    notificationBatch?: string
    /**
     * The lines were filled from commission plans by the server (createTeamSale): what
     * made each one, in the order of `commissions` (decision 039).
     */
    plan?: { lines: readonly PlanLineOrigin[] }
  } = {},
) {
  requirePermission(ctx.actor, 'sales.register')
  if (!seesAllSales(ctx.actor.permissions)) {
    if (!holdsOwnLine(input.commissions, ctx.actor.sellerId)) {
      throw new AppError('forbidden', OWN_LINE_REQUIRED)
    }
  }
  if (
    options.id &&
    ctx.db.select({ id: sales.id }).from(sales).where(eq(sales.id, options.id)).get()
  ) {
    throw new AppError('conflict', SALE_EXISTS)
  }
  const statements = saleStatements(ctx.db)
  const project = requireExisting(statements, input)
  const fromPlan = options.plan !== undefined
  const breakdown = requireAmounts(input, fromPlan)
  const settings = statements.settings.get()
  const saleDate = input.saleDate ?? format(new Date(), 'yyyy-MM-dd')
  const expectedPaymentDate = getExpectedPaymentDate(
    { saleDate, deliveryDate: input.deliveryDate },
    settings?.paymentTermDays,
  )
  const now = Date.now()
  const saleId = options.id ?? uuidv7()
  const reviewed = toReviewedLines(input, options.plan)
  const reviewStatus = getReviewStatusAfterWrite({
    canReadAll: seesAllSales(ctx.actor.permissions),
    lines: reviewed,
    current: null,
    fromPlan,
  })
  const notifiesRecipient = Boolean(
    settings?.notificationsEnabled && settings.defaultRecipientEmail,
  )
  // Prepared statements run on the connection, inside this transaction; tx still takes
  // the seq values, so seq order stays commit order.
  return ctx.db.transaction((tx) => {
    const sale = statements.insertSale.get({
      id: saleId,
      seq: takeNextSeq(tx),
      updatedAt: now,
      organisationId: ctx.actor.organisationId,
      projectId: input.projectId,
      clientName: input.clientName,
      clientEmail: input.clientEmail,
      clientPhone: input.clientPhone,
      propertyNumber: input.propertyNumber,
      saleDate,
      deliveryDate: input.deliveryDate,
      salePrice: input.salePrice,
      commissionPercentage: input.commissionPercentage,
      commissionAmount: breakdown.netCents,
      totalCosts: input.totalCosts,
      costsDescription: input.costsDescription,
      discountPercentage: input.discountPercentage,
      discountAmount: breakdown.discountCents,
      status: 'completed',
      notes: input.notes,
      createdBy: ctx.actor.userId,
      createdAt: now,
      reviewStatus,
      // Set with the default recipient's outbox row, in this transaction.
      notificationsSent: notifiesRecipient ? 1 : 0,
      fromPlan: fromPlan ? 1 : 0,
    })
    if (!sale) throw new Error('the sale insert returned no row')
    input.commissions.forEach((line, index) => {
      insertSaleLine(
        ctx,
        tx,
        {
          saleId,
          sellerId: line.sellerId,
          commissionType: line.commissionType,
          role: line.role,
          commissionPercentage: line.commissionPercentage,
          commissionAmount: breakdown.lineAmountsCents[index] ?? 0,
          expectedPaymentDate,
          ...planColumns(options.plan?.lines[index]),
        },
        now,
      )
    })
    if (options.recountProject !== false) recountSoldUnits(tx, input.projectId, now)
    enqueueLead(tx, sale, project.name)
    logUnusualSplit(tx, ctx, sale, reviewed)
    notifyNewSale(
      ctx,
      tx,
      { sale, settings, input, reviewed, lineAmounts: breakdown.lineAmountsCents },
      options.notificationBatch,
    )
    // Each line's insert gave the sale the line's seq (a trigger of migration 0005): the
    // answer names the sale's version as stored, the one a review of it must name.
    return tx.select().from(sales).where(eq(sales.id, saleId)).get() ?? sale
  })
}

/** Recounts a project's sold units (its live, not cancelled sales) and gives it a new seq. */
export function recountSoldUnits(
  tx: Parameters<typeof saleStatements>[0] & Parameters<typeof takeNextSeq>[0],
  projectId: string,
  now: number,
) {
  saleStatements(tx).recountProject.run({ projectId, seq: takeNextSeq(tx), updatedAt: now })
}

/** The mails a new sale causes: its author's "Ter beoordeling", the default recipient's. */
function notifyNewSale(
  ctx: ServiceContext,
  tx: Parameters<typeof saleStatements>[0],
  created: {
    sale: typeof sales.$inferSelect
    settings: ReturnType<ReturnType<typeof saleStatements>['settings']['get']>
    input: SaleInput
    reviewed: readonly ReviewedLine[]
    lineAmounts: number[]
  },
  batch: string | undefined,
) {
  const { sale, input } = created
  if (sale.reviewStatus === 'pending') {
    notifyReview(
      tx,
      sale,
      {
        kind: 'sale-review-pending',
        reasons: findReviewReasons(created.reviewed, { fromPlan: sale.fromPlan }),
      },
      batch,
    )
  }
  if (!sale.notificationsSent) return
  const statements = saleStatements(tx)
  notifySaleRegistered(
    tx,
    created.settings,
    {
      ...sale,
      registeredBy: ctx.actor.name,
      lines: input.commissions.map((line, index) => ({
        sellerName: statements.liveSeller.get({ id: line.sellerId })?.name ?? '',
        commissionType: line.commissionType,
        percentage: line.commissionPercentage,
        amount: created.lineAmounts[index] ?? 0,
      })),
    },
    batch,
  )
}
