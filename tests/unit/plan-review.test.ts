import { expect, test } from 'vitest'
import type { PlanVersion } from '#schema/commission-plans'
import { isSameShare, shareOfNet } from '#schema/plan-arithmetic'
import { describeDeviation, readPlannedPercentage } from '#schema/plan-deviation'
import { proposeLines } from '#schema/plan-proposal'
import type { PlanBook } from '#schema/plan-resolution'
import type { SaleDocType } from '#schema/rx/sales'
import { findReviewReasons, getReviewStatusAfterWrite } from '#schema/sale-review'
import { SaleTeamCreateSchema } from '#schema/sale-team'

// The review of a sale from plans (issue 48 §4, decision 039): "deviates from the plan"
// instead of the typed sale's 100 % rule, and the plans' fixed referral, manager and
// director shares with their own caps. Each example worked by hand in its comment.

const EURO = 100
const line = (percentage: number, planned?: number | null, type = 'sales' as const) => ({
  sellerId: `s-${percentage}-${planned}`,
  commissionType: type,
  commissionPercentage: percentage,
  plannedPercentage: planned,
})

test('a plan sale: a line set over its plan is held; the office keeps what the team does not take', () => {
  // Closer 60 % and setter 20 % as the plans say: the team takes 80 %, the office 20 %.
  expect(findReviewReasons([line(60, null), line(20)], { fromPlan: true })).toEqual([])
  // The closer typed 50 % where the plan gives 60 %: deviates, held, saying both.
  expect(findReviewReasons([line(50, 60), line(20)], { fromPlan: true })).toEqual([
    'Afwijkend van plan: 50% in plaats van 60% (salesteam)',
  ])
  // Decimals the Dutch way, as the screens write them.
  expect(findReviewReasons([line(52.5, 62.5), line(20)], { fromPlan: true })).toEqual([
    'Afwijkend van plan: 52,5% in plaats van 62,5% (salesteam)',
  ])
  // Typed but the same to four decimals (62,50 = 62,5): not a deviation.
  expect(findReviewReasons([line(62.5, 62.5)], { fromPlan: true })).toEqual([])
  // 90 % over a plan of 60 % plus 20 % makes 110 %: deviates and over 100 %, both named.
  expect(findReviewReasons([line(90, 60), line(20)], { fromPlan: true })).toEqual([
    'Het salesteam telt op tot 110% (boven 100%)',
    'Afwijkend van plan: 90% in plaats van 60% (salesteam)',
  ])
})

test('a typed sale keeps the 100 % rule; an author who sees every sale is never held', () => {
  // Typed: 50 + 20 = 70 % is not 100 %; what a plan would give is not asked.
  expect(findReviewReasons([line(50, 60), line(20)])).toEqual([
    'Het salesteam telt op tot 70% in plaats van 100%',
  ])
  const deviating = [line(50, 60)]
  expect(
    getReviewStatusAfterWrite({
      canReadAll: false,
      lines: deviating,
      current: null,
      fromPlan: true,
    }),
  ).toBe('pending')
  // The office may change a line: an ADMIN's deviation leaves the status as it was.
  expect(
    getReviewStatusAfterWrite({
      canReadAll: true,
      lines: deviating,
      current: null,
      fromPlan: true,
    }),
  ).toBeNull()
})

test("a deviating line's note says what the plan gave, and a device reads it back", () => {
  const note = describeDeviation(62.5)
  expect(note).toBe('Afwijkend van plan (plan: 62,5 %)')
  expect(readPlannedPercentage({ planVersionId: null, planNote: note })).toBe(62.5)
  expect(readPlannedPercentage({ planVersionId: null, planNote: describeDeviation(60) })).toBe(60)
  // A line a plan made (a version), a cap's note, or no note: nothing planned to compare.
  expect(readPlannedPercentage({ planVersionId: 'v1', planNote: note })).toBeNull()
  expect(
    readPlannedPercentage({
      planVersionId: null,
      planNote: 'Plafond van € 10 per periode bereikt',
    }),
  ).toBeNull()
  expect(readPlannedPercentage({ planVersionId: null, planNote: null })).toBeNull()
})

test("a deviating share's amount: the share of the net, rounded half up once", () => {
  // Net € 6.000: 62,5 % is € 3.750; 33,3333 % of € 1,01 is 33,6666 ct, so 34 ct; 0,0050 %
  // of € 100 is 0,5 ct, rounded up to 1 ct.
  expect(shareOfNet(6_000 * EURO, 62.5)).toBe(3_750 * EURO)
  expect(shareOfNet(101, 33.3333)).toBe(34)
  expect(shareOfNet(100 * EURO, 0.005)).toBe(1)
  expect(isSameShare(60, 60.00001)).toBe(true)
  expect(isSameShare(60, 60.0001)).toBe(false)
})

test("the team's share: optional, a percentage with four decimals at most; older payloads stand", () => {
  const base = {
    projectId: 'p1',
    clientName: 'Klant',
    propertyNumber: 'B-1',
    salePrice: 100,
    team: [{ sellerId: 'anna', role: 'closer' }],
  }
  expect(SaleTeamCreateSchema.parse(base).team[0]?.share).toBeNull()
  expect(
    SaleTeamCreateSchema.parse({ ...base, team: [{ sellerId: 'anna', share: 55.5 }] }).team[0]
      ?.share,
  ).toBe(55.5)
  for (const share of [-1, 100.5, 1.00001, '50']) {
    const parsed = SaleTeamCreateSchema.safeParse({ ...base, team: [{ sellerId: 'anna', share }] })
    expect(parsed.success, String(share)).toBe(false)
    expect(parsed.error?.issues[0]?.path).toEqual(['team', 0, 'share'])
  }
})

/** Anna's plan: closer 60 %; referral 10 % of the net, at most € 1.000 a year. */
const withReferral: PlanVersion = {
  id: 'v1',
  planId: 'plan-1',
  from: '2026-01-01',
  period: 'year',
  mode: 'retroactive',
  roles: [{ role: 'closer', share: 60, tiers: [] }],
  capPerPeriod: null,
  extras: [{ commissionType: 'referral', share: 10, capPerPeriod: 1_000 * EURO }],
}
const book: PlanBook = {
  versions: [withReferral],
  placements: [{ sellerId: 'anna', planId: 'plan-1', from: '2026-01-01' }],
  projectRates: [],
}

/** A stored sale on which Anna holds a referral line from the plan: net € 6.000. */
const referralSale = (id: string, saleDate: string) =>
  ({
    id,
    saleDate,
    salePrice: 300_000 * EURO,
    commissionAmount: 6_000 * EURO,
    status: 'completed',
    seq: 4,
    createdAt: 1,
    lines: [
      {
        sellerId: 'anna',
        commissionType: 'referral',
        role: null,
        kind: 'commission',
        status: 'pending',
        planVersionId: 'v1',
      },
    ],
  }) as unknown as SaleDocType

test('a referral share from the plan, up to its own cap, then 0 with the reason', () => {
  const sale = { projectId: 'p1', saleDate: '2026-06-01', salePrice: 0, netCents: 6_000 * EURO }
  const referral = [{ sellerId: 'anna', role: null, commissionType: 'referral' as const }]
  // No earlier referral: 10 % of € 6.000 = € 600, under the cap of € 1.000.
  expect(proposeLines(book, [], sale, referral)[0]).toMatchObject({
    percentage: 10,
    amount: 600 * EURO,
    note: null,
  })
  // One earlier referral took € 600: € 400 is left of the cap, so € 400, with the reason.
  const [capped] = proposeLines(book, [referralSale('a', '2026-02-01')], sale, referral)
  expect(capped).toMatchObject({ percentage: 10, amount: 400 * EURO })
  expect(capped?.note).toBe('Plafond van €\u00a01.000,00 per periode bereikt')
  // Two earlier took € 1.000 already: 0, with the reason. A referral of last year is
  // another period and does not count.
  const stored = [
    referralSale('a', '2026-02-01'),
    referralSale('b', '2026-03-01'),
    referralSale('c', '2025-12-31'),
  ]
  expect(proposeLines(book, stored, sale, referral)[0]).toMatchObject({ amount: 0 })
  // A manager share the plan does not define: no proposal, the line stays typed.
  expect(
    proposeLines(book, [], sale, [{ sellerId: 'anna', role: null, commissionType: 'manager' }]),
  ).toEqual([null])
})
