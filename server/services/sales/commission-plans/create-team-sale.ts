import { format } from 'date-fns/format'
import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { calculateCommission } from '#schema/commission'
import { salesSellers } from '#schema/db/organisation'
import { findPlanRole, isSameShare, type PlanPart, shareOfNet } from '#schema/plan-arithmetic'
import { describeDeviation } from '#schema/plan-deviation'
import { choosePlanVersion, findProjectPercentage, type PlanBook } from '#schema/plan-resolution'
import type { SaleTeamCreate } from '#schema/sale-team'
import type { ServiceContext } from '../../../context.ts'
import { AppError } from '../../../errors/app-error.ts'
import { requirePermission } from '../../permissions/require-permission.ts'
import { createSale } from '../create-sale.ts'
import type { PlanLineOrigin } from '../plan-line-origin.ts'
import { insertAdjustmentLines } from './adjustment-lines.ts'
import { loadPlanBook } from './plan-book.ts'
import { findAdjustments, logAdjustments } from './reconcile-plans.ts'
import {
  computeSellerYear,
  loadSellerSale,
  loadSellerYear,
  type PartTarget,
} from './seller-year.ts'

function invalid(path: string, message: string): never {
  throw new AppError('invalid_input', `${path}: ${message}`, { errors: [{ path, message }] })
}

// Amounts computed by a client may differ from the server's by rounding, never by more.
const TOLERANCE_CENTS = 1

/** Each member's plan part, refused with the member's path when no plan covers it. */
function findParts(book: PlanBook, input: SaleTeamCreate, saleDate: string, names: Names) {
  return input.team.map((member, index): PlanPart => {
    const version = choosePlanVersion(
      book,
      { projectId: input.projectId, saleDate },
      member.sellerId,
    )
    const name = names(member.sellerId)
    if (!version)
      invalid(`team.${index}.sellerId`, `${name} heeft op ${saleDate} geen commissieplan`)
    if (member.commissionType === 'sales' && !findPlanRole(version, member.role)) {
      invalid(
        `team.${index}.role`,
        `Rol ${member.role ?? '(geen)'} staat niet in het plan van ${name}`,
      )
    }
    if (
      member.commissionType !== 'sales' &&
      !version.extras.some((extra) => extra.commissionType === member.commissionType)
    ) {
      invalid(
        `team.${index}.commissionType`,
        `Het plan van ${name} geeft geen ${member.commissionType}-aandeel`,
      )
    }
    return { commissionType: member.commissionType, role: member.role, version }
  })
}

type Names = (sellerId: string) => string

/**
 * A member's line: what the plan gives (the target), or the share the member was given
 * instead ("afwijkend van plan"). A deviating line names no plan version, so no later
 * reconciliation adjusts it, and says what the plan gave: the review compares the two.
 */
function fillLine(member: SaleTeamCreate['team'][number], target: PartTarget, net: number) {
  const line = {
    sellerId: member.sellerId,
    role: member.role,
    commissionType: member.commissionType,
  }
  if (member.share === null || isSameShare(member.share, target.percentage)) {
    return {
      line: {
        ...line,
        commissionPercentage: target.percentage,
        commissionAmount: target.amount,
      },
      origin: {
        planVersionId: target.versionId,
        planTier: target.tier,
        planNote: target.note,
      } as PlanLineOrigin,
    }
  }
  return {
    line: {
      ...line,
      commissionPercentage: member.share,
      commissionAmount: shareOfNet(net, member.share),
    },
    origin: {
      planVersionId: null,
      planTier: null,
      planNote: describeDeviation(target.percentage),
      plannedPercentage: target.percentage,
    },
  }
}

/**
 * Registers a sale whose lines the plans fill (decision 039): each team member's share of
 * the net commission follows from their plan (or the project's) on the sale date and
 * their volume in its period with this sale in it; the project's own percentage stands
 * when the payload gives none. A member given a `share` of their own gets it (a SELLER's
 * that differs from the plan's goes to review). In one transaction with the adjustments
 * the sale makes on the members' earlier sales of the period.
 */
export function createTeamSale(
  ctx: ServiceContext,
  input: SaleTeamCreate,
  options: { id?: string } = {},
) {
  requirePermission(ctx.actor, 'sales.register')
  const saleDate = input.saleDate ?? format(new Date(), 'yyyy-MM-dd')
  const saleId = options.id ?? uuidv7()
  const now = Date.now()
  return ctx.db.transaction((tx) => {
    const book = loadPlanBook(tx)
    const percentage =
      input.commissionPercentage ?? findProjectPercentage(book, input.projectId, saleDate)
    if (percentage === null) {
      invalid(
        'commissionPercentage',
        'Het project heeft geen eigen percentage: geef het commissiepercentage op',
      )
    }
    const net = calculateCommission({
      salePriceCents: input.salePrice,
      commissionPercentage: percentage,
      discountPercentage: input.discountPercentage,
      costsCents: input.totalCosts,
      lines: [],
    }).netCents
    if (
      input.commissionAmount !== undefined &&
      Math.abs(input.commissionAmount - net) > TOLERANCE_CENTS
    ) {
      invalid(
        'commissionAmount',
        `verwacht ${net} cent volgens de berekening, ontvangen ${input.commissionAmount}`,
      )
    }
    const sellerNames = new Map(loadSellerNames(tx).map((seller) => [seller.id, seller.name]))
    const names: Names = (id) => sellerNames.get(id) ?? 'Deze verkoper'
    input.team.forEach((member, index) => {
      if (!sellerNames.has(member.sellerId))
        invalid(`team.${index}.sellerId`, 'Verkoper bestaat niet in deze organisatie')
    })
    const parts = findParts(book, input, saleDate, names)
    const year = saleDate.slice(0, 4)
    // Each seller's year is read once: the proposal and the adjustments both use it.
    const years = new Map(
      input.team.map((member) => [member.sellerId, loadSellerYear(tx, member.sellerId, year)]),
    )
    const lines = input.team.map((member, index) => {
      const sellerParts = parts.filter(
        (_, other) => input.team[other]?.sellerId === member.sellerId,
      )
      const targets = computeSellerYear(book, member.sellerId, years.get(member.sellerId) ?? [], {
        saleId,
        projectId: input.projectId,
        saleDate,
        salePrice: input.salePrice,
        netCents: net,
        createdAt: now,
        parts: sellerParts,
        onTeam: sellerParts.some((part) => part.commissionType === 'sales'),
      })
      const target = targets.find(
        (candidate) =>
          candidate.saleId === saleId && candidate.commissionType === member.commissionType,
      )
      if (!target) throw new Error(`no plan target for team member ${index}`)
      return { member, target }
    })
    const filled = lines.map(({ member, target }) => fillLine(member, target, net))
    const sale = createSale(
      ctx,
      {
        ...input,
        saleDate,
        commissionPercentage: percentage,
        commissionAmount: net,
        commissions: filled.map(({ line }) => line),
      },
      { id: saleId, plan: { lines: filled.map(({ origin }) => origin) } },
    )
    // What a read of each year after the insert would give: the year read above with the
    // seller's new lines added, read by themselves.
    const adjustments = [...years].flatMap(([sellerId, stored]) => {
      const withSale = [...stored, ...loadSellerSale(tx, sellerId, saleId)]
      return findAdjustments(sellerId, computeSellerYear(book, sellerId, withSale))
    })
    insertAdjustmentLines(ctx, tx, adjustments, Date.now())
    logAdjustments(
      ctx,
      tx,
      adjustments.length,
      `verkoop ${input.clientName} (${input.propertyNumber})`,
    )
    return sale
  })
}

function loadSellerNames(tx: Parameters<typeof loadPlanBook>[0]) {
  return tx
    .select({ id: salesSellers.id, name: salesSellers.name })
    .from(salesSellers)
    .where(eq(salesSellers.deleted, false))
    .all()
}
