import { type CommissionType, calculateCommission } from '#schema/commission'
import { isSameShare } from '#schema/plan-arithmetic'
import { describeDeviation } from '#schema/plan-deviation'
import type { LineProposal } from '#schema/plan-proposal'
import { proposeLines } from '#schema/plan-proposal'
import { findProjectPercentage, type PlanBook } from '#schema/plan-resolution'
import type { SaleDocType } from '#schema/rx/sales'
import { formatTypedPercentage } from '../../lib/format-money.ts'
import type { SalePlan } from '../data/index.ts'
import {
  EXTRA_LINES,
  type ExtraType,
  getChosenLines,
  parseAmount,
  readPercentage,
  type SaleForm,
} from './sale-form.ts'

// The wizard proposes, people decide (issue 48 §5, decision 040): each line's share (the
// sales team's roles, and the fixed referral, manager and director shares) comes from the
// seller's plan (or the project's) unless someone typed it, then the line says "afwijkend
// van plan". A sale whose every line a plan covers is registered from plans: the server
// authors its lines and keeps a typed share as typed; otherwise it is a typed sale as before.

/** What the wizard reads to propose: the local plan book, plan names and sales. */
export type PlanContext = {
  book: PlanBook
  planNames: ReadonlyMap<string, string>
  sales: readonly SaleDocType[]
  today: string
}

/** The plans' proposal of each line of the form (null: no plan covers it). */
export type FormProposals = {
  /** Per sales-team line, in form order. */
  team: (LineProposal | null)[]
  /** Per extra line: the fixed share its seller's plan (or the project's) gives that kind. */
  extras: Record<ExtraType, LineProposal | null>
}

/** No proposals: a wizard without plans (a correction). */
export const NO_PROPOSALS: FormProposals = {
  team: [],
  extras: { referral: null, manager: null, director: null },
}

/** Proposals already worked out, by form and context (both immutable: a change is a new object). */
const proposalsOf = new WeakMap<SaleForm, WeakMap<PlanContext, FormProposals>>()

/**
 * What the plans give each line of the form, team and extras in one calculation: a seller
 * on two lines of the sale is one seller in the arithmetic (their volume, their caps).
 * Worked out once per form and context: the wizard's render, its review notice and the
 * press each ask, and each answer reads the period's sales (thousands on a busy device,
 * measurements/040).
 */
export function proposeFormLines(form: SaleForm, context: PlanContext): FormProposals {
  const byContext = proposalsOf.get(form) ?? new WeakMap<PlanContext, FormProposals>()
  proposalsOf.set(form, byContext)
  const known = byContext.get(context)
  if (known) return known
  const proposals = workOutProposals(form, context)
  byContext.set(context, proposals)
  return proposals
}

function workOutProposals(form: SaleForm, context: PlanContext): FormProposals {
  const saleDate = form.saleDate || context.today
  const net = calculateCommission({
    salePriceCents: parseAmount(form.salePrice) ?? 0,
    commissionPercentage: readPercentage(form.commissionPercentage) ?? 0,
    discountPercentage: readPercentage(form.discountPercentage) ?? 0,
    costsCents: parseAmount(form.totalCosts) ?? 0,
    lines: [],
  }).netCents
  const proposals = proposeLines(
    context.book,
    context.sales,
    {
      projectId: form.projectId,
      saleDate,
      salePrice: parseAmount(form.salePrice) ?? 0,
      netCents: net,
    },
    [
      ...form.teamLines.map((line) => ({
        sellerId: line.sellerId,
        role: line.role.trim() || null,
        commissionType: 'sales' as const,
      })),
      ...EXTRA_LINES.map(({ commissionType }) => ({
        sellerId: form.extraLines[commissionType].sellerId,
        role: null,
        commissionType,
      })),
    ],
  )
  const count = form.teamLines.length
  return {
    team: proposals.slice(0, count),
    extras: Object.fromEntries(
      EXTRA_LINES.map(({ commissionType }, index) => [
        commissionType,
        proposals[count + index] ?? null,
      ]),
    ) as FormProposals['extras'],
  }
}

const asTyped = (percentage: number) => String(percentage).replace('.', ',')

/** A line with its proposal filled in, unless somebody typed its share. */
function propose<Line extends { percentage: string; isEdited?: boolean }>(
  line: Line,
  proposal: LineProposal | null | undefined,
): Line {
  if (!proposal || line.isEdited) return line
  const percentage = asTyped(proposal.percentage)
  return percentage === line.percentage ? line : { ...line, percentage }
}

/** The form with every line nobody typed filled from its proposal. */
export function withProposals(form: SaleForm, proposals: FormProposals): SaleForm {
  const teamLines = form.teamLines.map((line, index) => propose(line, proposals.team[index]))
  const extraLines = Object.fromEntries(
    EXTRA_LINES.map(({ commissionType }) => [
      commissionType,
      propose(form.extraLines[commissionType], proposals.extras[commissionType]),
    ]),
  ) as SaleForm['extraLines']
  const changed =
    teamLines.some((line, index) => line !== form.teamLines[index]) ||
    EXTRA_LINES.some(
      ({ commissionType }) => extraLines[commissionType] !== form.extraLines[commissionType],
    )
  return changed ? { ...form, teamLines, extraLines } : form
}

/** The project's own commission percentage on the sale date, as typed; undefined if none. */
export function projectPercentageText(form: SaleForm, context: PlanContext) {
  const found = findProjectPercentage(context.book, form.projectId, form.saleDate || context.today)
  return found === null ? undefined : asTyped(found)
}

/** Each chosen line (a seller picked) with its proposal, in payload order. */
function chosenWithProposals(form: SaleForm, proposals: FormProposals) {
  return [
    ...form.teamLines.map((line, index) => ({
      line,
      proposal: proposals.team[index] ?? null,
      commissionType: 'sales' as CommissionType,
      role: line.role.trim() || null,
    })),
    ...EXTRA_LINES.map(({ commissionType }) => ({
      line: form.extraLines[commissionType],
      proposal: proposals.extras[commissionType],
      commissionType: commissionType as CommissionType,
      role: null,
    })),
  ].filter(({ line }) => line.sellerId !== '')
}

/**
 * The sale's plan when a plan covers every chosen line (decision 040): its team and what
 * made each line, in payload order; undefined for a sale with a line no plan covers
 * (typed as before). A line typed over its proposal stays a plan line with its own share
 * ("afwijkend van plan"): the server keeps it and a SELLER's goes to review.
 */
export function findSalePlan(form: SaleForm, proposals: FormProposals): SalePlan | undefined {
  const chosen = chosenWithProposals(form, proposals)
  if (chosen.length === 0 || chosen.length !== getChosenLines(form).length) return undefined
  if (chosen.some(({ proposal }) => proposal === null)) return undefined
  const members = chosen.map(({ line, proposal, commissionType, role }) => {
    const planned = proposal as LineProposal
    const typed = readPercentage(line.percentage) ?? 0
    const deviates = line.isEdited === true && !isSameShare(typed, planned.percentage)
    return {
      member: { sellerId: line.sellerId, role, commissionType, share: deviates ? typed : null },
      origin: deviates
        ? { planVersionId: null, planTier: null, planNote: describeDeviation(planned.percentage) }
        : { planVersionId: planned.planVersionId, planTier: planned.tier, planNote: planned.note },
    }
  })
  return {
    team: members.map(({ member }) => member),
    lines: members.map(({ origin }) => origin),
  }
}

/** How a line's share came about, in words: "Plan Closers: trede 1, 70 % (retroactief)". */
export function describeProposal(
  proposal: LineProposal,
  planNames: ReadonlyMap<string, string>,
  isExtra = false,
) {
  const name = planNames.get(proposal.planId) ?? 'plan'
  if (isExtra) {
    // A fixed share: no tier, no mode; a cap reached says so.
    const text = `${name}: vast aandeel, ${formatTypedPercentage(proposal.percentage)}`
    return proposal.note ? `${text}. ${proposal.note}` : text
  }
  const tier = proposal.tier === 0 ? 'basisaandeel' : `trede ${proposal.tier}`
  const mode =
    proposal.mode === 'retroactive' ? 'met terugwerkende kracht' : 'over het deel erboven'
  const text = `${name}: ${tier}, ${formatTypedPercentage(proposal.percentage)} (${mode})`
  return proposal.note ? `${text}. ${proposal.note}` : text
}
