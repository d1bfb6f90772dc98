import { expect, test } from 'vitest'
import type { PlanVersion } from '#schema/commission-plans'
import type { PlanBook } from '#schema/plan-resolution'
import { prepareSaleCheck } from '#web/sales/wizard/check-sale-payload.ts'
import {
  findSalePlan,
  type PlanContext,
  proposeFormLines,
  withProposals,
} from '#web/sales/wizard/plan-lines.ts'
import { findHeldReasons } from '#web/sales/wizard/review-notice.tsx'
import { createSaleForm, type SaleForm } from '#web/sales/wizard/sale-form.ts'

// The wizard with plans (decision 040): every line a plan covers is proposed (the team's
// roles and the fixed referral, manager and director shares); a line typed over its
// proposal keeps the sale a plan sale with its own share, and a SELLER's goes to review.

/** Closer 60 %; referral 10 %, manager 5 % of the net; no tiers, no caps. */
const plan: PlanVersion = {
  id: 'v1',
  planId: 'plan-1',
  from: '2026-01-01',
  period: 'year',
  mode: 'retroactive',
  roles: [{ role: 'closer', share: 60, tiers: [] }],
  capPerPeriod: null,
  extras: [
    { commissionType: 'referral', share: 10, capPerPeriod: null },
    { commissionType: 'manager', share: 5, capPerPeriod: null },
  ],
}
const book: PlanBook = {
  versions: [plan],
  placements: ['anna', 'bram'].map((sellerId) => ({
    sellerId,
    planId: 'plan-1',
    from: '2026-01-01',
  })),
  projectRates: [],
}
const context: PlanContext = {
  book,
  planNames: new Map([['plan-1', 'Closers']]),
  sales: [],
  today: '2026-06-01',
}

/** € 300.000 at 2 %: net € 6.000; Anna closer, Bram referral. */
function filled(): SaleForm {
  const form = createSaleForm({ sellerId: 'anna', role: 'closer' })
  return {
    ...form,
    projectId: 'p1',
    propertyNumber: 'B-1',
    clientName: 'Klant',
    salePrice: '300000',
    commissionPercentage: '2',
    extraLines: { ...form.extraLines, referral: { sellerId: 'bram', percentage: '' } },
  }
}

const shown = (form: SaleForm) => withProposals(form, proposeFormLines(form, context))

test("the plan fills the closer's and the referral's share; the sale goes as a plan sale, not held", () => {
  const form = shown(filled())
  // 60 % and 10 %, as typed text; the empty manager line gets nothing.
  expect(form.teamLines[0]?.percentage).toBe('60')
  expect(form.extraLines.referral.percentage).toBe('10')
  expect(form.extraLines.manager.percentage).toBe('')
  const salePlan = findSalePlan(form, proposeFormLines(form, context))
  expect(salePlan?.team).toEqual([
    { sellerId: 'anna', role: 'closer', commissionType: 'sales', share: null },
    { sellerId: 'bram', role: null, commissionType: 'referral', share: null },
  ])
  expect(salePlan?.lines.map((line) => line.planVersionId)).toEqual(['v1', 'v1'])
  // A SELLER's plan sale: the team's 60 % leaves 40 % to the office; nothing held.
  expect(findHeldReasons(form, false, salePlan)).toEqual([])
})

test("a SELLER's line typed over the plan stays a plan line with its own share and goes to review", () => {
  const typed = filled()
  const edited = shown({
    ...typed,
    teamLines: typed.teamLines.map((line) => ({ ...line, percentage: '65', isEdited: true })),
  })
  expect(edited.teamLines[0]?.percentage).toBe('65')
  const salePlan = findSalePlan(edited, proposeFormLines(edited, context))
  expect(salePlan?.team[0]).toMatchObject({ sellerId: 'anna', share: 65 })
  expect(salePlan?.lines[0]).toEqual({
    planVersionId: null,
    planTier: null,
    planNote: 'Afwijkend van plan (plan: 60 %)',
  })
  expect(findHeldReasons(edited, false, salePlan)).toEqual([
    'Afwijkend van plan: 65% in plaats van 60% (salesteam)',
  ])
  // The office may change a line: not held.
  expect(findHeldReasons(edited, true, salePlan)).toEqual([])
  // Typed back to the plan's 60 %: no deviation, the plan's line.
  const back = shown({
    ...edited,
    teamLines: edited.teamLines.map((line) => ({ ...line, percentage: '60' })),
  })
  expect(findSalePlan(back, proposeFormLines(back, context))?.team[0]?.share).toBeNull()
})

test('a line no plan covers makes the sale typed, reviewed by the 100 % rule', () => {
  const form = shown({
    ...filled(),
    extraLines: { ...filled().extraLines, director: { sellerId: 'bram', percentage: '3' } },
  })
  // The plan gives no director share: no proposal, the sale is typed.
  const proposals = proposeFormLines(form, context)
  expect(proposals.extras.director).toBeNull()
  expect(findSalePlan(form, proposals)).toBeUndefined()
  expect(findHeldReasons(form, false, undefined)).toEqual([
    'Het salesteam telt op tot 60% in plaats van 100%',
  ])
})

test('the proposals of one form and context are worked out once, and again for a new context', () => {
  const form = filled()
  const first = proposeFormLines(form, context)
  // The wizard's render, its review notice and the press ask for the same form.
  expect(proposeFormLines(form, context)).toBe(first)
  // A new context (the sales changed) is asked anew: same figures, a new answer.
  const changed = { ...context, sales: [] }
  const again = proposeFormLines(form, changed)
  expect(again).not.toBe(first)
  expect(again).toEqual(first)
})

test("the wizard's idle parse of a made-up sale passes the server's schema, so it prepares every part", () => {
  expect(prepareSaleCheck()).toBe(true)
})
