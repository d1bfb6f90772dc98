import { addDays, format, parseISO } from 'date-fns'
import { and, count, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import { calculateCommission } from '#schema/commission'
import { commissions, sales, salesProjects, salesSettings } from '#schema/db/organisation'
import type { SaleCreateSchema } from '#schema/sales'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../http/app-error.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { enqueueLead } from './enqueue-lead.ts'
import { findLiveProject, findLiveSeller } from './find-live-row.ts'

type SaleInput = z.infer<typeof SaleCreateSchema>

// Amounts computed by a client may differ from the server's by rounding, never by more.
const TOLERANCE_CENTS = 1

function invalid(path: string, message: string): never {
  throw new AppError('invalid_input', `${path}: ${message}`, { errors: [{ path, message }] })
}

function requireExisting(ctx: ServiceContext, input: SaleInput) {
  let project: ReturnType<typeof findLiveProject>
  try {
    project = findLiveProject(ctx, input.projectId)
  } catch {
    invalid('projectId', 'Project bestaat niet in deze organisatie')
  }
  input.commissions.forEach((line, index) => {
    try {
      findLiveSeller(ctx, line.sellerId)
    } catch {
      invalid(`commissions.${index}.sellerId`, 'Verkoper bestaat niet in deze organisatie')
    }
  })
  return project
}

function requireAmounts(input: SaleInput) {
  const breakdown = calculateCommission({
    salePriceCents: input.salePrice,
    commissionPercentage: input.commissionPercentage,
    discountPercentage: input.discountPercentage,
    costsCents: input.totalCosts,
    lines: input.commissions.map((line) => ({
      commissionType: line.commissionType,
      percentage: line.commissionPercentage,
    })),
  })
  const check = (path: string, sent: number, expected: number) => {
    if (Math.abs(sent - expected) > TOLERANCE_CENTS) {
      invalid(path, `verwacht ${expected} cent volgens de berekening, ontvangen ${sent}`)
    }
  }
  check('commissionAmount', input.commissionAmount, breakdown.netCents)
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
 * Registers a sale with its commission lines (spec §4, §5). Every amount is recomputed here
 * from the inputs and stored as computed; a payload more than a cent off is refused. The
 * sale is stored completed, each line pending until its expected payment date: the
 * delivery date when given, else the sale date plus the organisation's payment term.
 */
export function createSale(ctx: ServiceContext, input: SaleInput, options: { id?: string } = {}) {
  requirePermission(ctx.actor, 'sales.register')
  if (!ctx.actor.permissions.has('sales.read.all')) {
    const isOwn = input.commissions.some((line) => line.sellerId === ctx.actor.sellerId)
    if (!ctx.actor.sellerId || !isOwn) {
      throw new AppError(
        'forbidden',
        'Je kunt alleen verkopen registreren waarin je zelf een commissie hebt',
      )
    }
  }
  const project = requireExisting(ctx, input)
  const breakdown = requireAmounts(input)
  const settings = ctx.db.select().from(salesSettings).get()
  const saleDate = input.saleDate ?? format(new Date(), 'yyyy-MM-dd')
  const expectedPaymentDate =
    input.deliveryDate ??
    format(addDays(parseISO(saleDate), settings?.paymentTermDays ?? 30), 'yyyy-MM-dd')
  const now = Date.now()
  const saleId = options.id ?? uuidv7()
  return ctx.db.transaction((tx) => {
    const sale = tx
      .insert(sales)
      .values({
        id: saleId,
        seq: takeNextSeq(tx),
        updatedAt: now,
        organizationId: ctx.actor.organisationId,
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
      })
      .returning()
      .get()
    input.commissions.forEach((line, index) => {
      tx.insert(commissions)
        .values({
          id: uuidv7(),
          seq: takeNextSeq(tx),
          updatedAt: now,
          organizationId: ctx.actor.organisationId,
          saleId,
          sellerId: line.sellerId,
          commissionType: line.commissionType,
          role: line.role,
          commissionPercentage: line.commissionPercentage,
          commissionAmount: breakdown.lineAmountsCents[index] ?? 0,
          status: 'pending',
          expectedPaymentDate,
          createdAt: now,
        })
        .run()
    })
    const sold = tx
      .select({ total: count() })
      .from(sales)
      .where(and(eq(sales.projectId, input.projectId), eq(sales.deleted, false)))
      .get()
    tx.update(salesProjects)
      .set({ soldUnits: sold?.total ?? 0, seq: takeNextSeq(tx), updatedAt: now })
      .where(eq(salesProjects.id, input.projectId))
      .run()
    enqueueLead(tx, sale, project.name)
    return sale
  })
}
