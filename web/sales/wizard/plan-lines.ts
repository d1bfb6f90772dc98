import { calculateCommission } from '#schema/commission'
import type { LineProposal } from '#schema/plan-proposal'
import { proposeLines } from '#schema/plan-proposal'
import { findProjectPercentage, type PlanBook } from '#schema/plan-resolution'
import type { SaleDocType } from '#schema/rx/sales'
import { formatTypedPercentage } from '../../lib/format-money.ts'
import { getChosenLines, parseAmount, readPercentage, type SaleForm } from './sale-form.ts'

// The wizard proposes, people decide (issue 48 §5, decision 040): each sales-team line's
// share comes from the seller's plan (or the project's) unless someone typed it, then the
// line says "afwijkend van plan". A sale whose every line follows the plan is registered
// from plans: the server authors its lines; otherwise it is a typed sale as before.

/** What the wizard reads to propose: the local plan book, plan names and sales. */
export type PlanContext = {
  book: PlanBook
  planNames: ReadonlyMap<string, string>
  sales: readonly SaleDocType[]
  today: string
}

/** The proposal of each sales-team line (null: no plan covers it), in form order. */
export function proposeTeamLines(form: SaleForm, context: PlanContext): (LineProposal | null)[] {
  const saleDate = form.saleDate || context.today
  const net = calculateCommission({
    salePriceCents: parseAmount(form.salePrice) ?? 0,
    commissionPercentage: readPercentage(form.commissionPercentage) ?? 0,
    discountPercentage: readPercentage(form.discountPercentage) ?? 0,
    costsCents: parseAmount(form.totalCosts) ?? 0,
    lines: [],
  }).netCents
  return proposeLines(
    context.book,
    context.sales,
    {
      projectId: form.projectId,
      saleDate,
      salePrice: parseAmount(form.salePrice) ?? 0,
      netCents: net,
    },
    form.teamLines.map((line) => ({
      sellerId: line.sellerId,
      role: line.role.trim() || null,
      commissionType: 'sales' as const,
    })),
  )
}

const asTyped = (percentage: number) => String(percentage).replace('.', ',')

/** The form with every line nobody typed filled from its proposal. */
export function withProposals(
  form: SaleForm,
  proposals: readonly (LineProposal | null)[],
): SaleForm {
  let changed = false
  const teamLines = form.teamLines.map((line, index) => {
    const proposal = proposals[index]
    if (!proposal || line.isEdited) return line
    const percentage = asTyped(proposal.percentage)
    if (percentage === line.percentage) return line
    changed = true
    return { ...line, percentage }
  })
  return changed ? { ...form, teamLines } : form
}

/** The project's own commission percentage on the sale date, as typed; undefined if none. */
export function projectPercentageText(form: SaleForm, context: PlanContext) {
  const found = findProjectPercentage(context.book, form.projectId, form.saleDate || context.today)
  return found === null ? undefined : asTyped(found)
}

/**
 * Whether the sale is registered from plans: every chosen line a sales-team line that
 * follows its plan (an extra line or a line typed by hand makes it a typed sale).
 */
export function isFromPlan(form: SaleForm, proposals: readonly (LineProposal | null)[]) {
  const chosen = getChosenLines(form)
  if (chosen.length === 0 || chosen.some((line) => line.commissionType !== 'sales')) return false
  return form.teamLines.every(
    (line, index) => line.sellerId === '' || (proposals[index] && !line.isEdited),
  )
}

/** How a line's share came about, in words: "Plan Closers: trede 1, 70 % (retroactief)". */
export function describeProposal(proposal: LineProposal, planNames: ReadonlyMap<string, string>) {
  const name = planNames.get(proposal.planId) ?? 'plan'
  const tier = proposal.tier === 0 ? 'basisaandeel' : `trede ${proposal.tier}`
  const mode =
    proposal.mode === 'retroactive' ? 'met terugwerkende kracht' : 'over het deel erboven'
  const text = `${name}: ${tier}, ${formatTypedPercentage(proposal.percentage)} (${mode})`
  return proposal.note ? `${text}. ${proposal.note}` : text
}
