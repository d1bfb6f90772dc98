import { expect, test } from 'vitest'
import type { PlanVersion } from '#schema/commission-plans'
import { proposeLines } from '#schema/plan-proposal'
import type { PlanBook } from '#schema/plan-resolution'
import type { SaleDocType } from '#schema/rx/sales'

// The wizard's proposal (decision 040): the server's arithmetic on the device's plan book
// and local sales. Worked by hand in each test.

const EURO = 100
const version = (mode: PlanVersion['mode'], extra: Partial<PlanVersion> = {}): PlanVersion => ({
  id: `v-${mode}`,
  planId: `plan-${mode}`,
  from: '2026-01-01',
  period: 'year',
  mode,
  roles: [{ role: 'closer', share: 60, tiers: [{ fromVolume: 1_000_000 * EURO, share: 70 }] }],
  capPerPeriod: null,
  extras: [],
  ...extra,
})

function bookFor(planVersion: PlanVersion, projectPlan?: string): PlanBook {
  return {
    versions: [planVersion],
    placements: [{ sellerId: 'anna', planId: planVersion.planId, from: '2026-01-01' }],
    projectRates: projectPlan
      ? [{ projectId: 'p2', from: '2026-01-01', commissionPercentage: 2.5, planId: projectPlan }]
      : [],
  }
}

/** A stored sale of Anna's: € `euros` at 2 %, her line from the plan version `versionId`. */
function stored(euros: number, saleDate: string, versionId: string): SaleDocType {
  return {
    id: `s-${euros}-${saleDate}`,
    saleDate,
    salePrice: euros * EURO,
    commissionAmount: euros * 2,
    status: 'completed',
    seq: 3,
    createdAt: 1,
    lines: [
      {
        sellerId: 'anna',
        commissionType: 'sales',
        role: 'closer',
        kind: 'commission',
        status: 'pending',
        planVersionId: versionId,
      },
    ],
  } as unknown as SaleDocType
}

const anna = [{ sellerId: 'anna', role: 'closer', commissionType: 'sales' as const }]
const newSale = (euros: number) => ({
  projectId: 'p1',
  saleDate: '2026-06-01',
  salePrice: euros * EURO,
  netCents: euros * 2,
})

test('retroactive: € 800.000 earlier and € 300.000 now reach € 1.000.000: the whole sale at 70 %', () => {
  // Net € 6.000 × 70 % = € 4.200.
  const [proposal] = proposeLines(
    bookFor(version('retroactive')),
    [stored(800_000, '2026-02-01', 'v-retroactive')],
    newSale(300_000),
    anna,
  )
  expect(proposal).toMatchObject({ percentage: 70, amount: 4_200 * EURO, tier: 1 })
  expect(proposal?.volume).toBe(1_100_000 * EURO)
})

test('marginal: € 100.000 below the threshold at 60 %, € 200.000 above at 70 %', () => {
  // (100.000 × 60 + 200.000 × 70) / 300.000 = 66,6667 %; € 6.000 × that = € 4.000.
  const [proposal] = proposeLines(
    bookFor(version('marginal')),
    [stored(900_000, '2026-02-01', 'v-marginal')],
    newSale(300_000),
    anna,
  )
  expect(proposal).toMatchObject({ percentage: 66.6667, amount: 4_000 * EURO, tier: 1 })
})

test("a sale of last year and a cancelled one do not count; a project's plan comes first", () => {
  const cancelled = { ...stored(900_000, '2026-03-01', 'v-retroactive'), status: 'cancelled' }
  const [proposal] = proposeLines(
    bookFor(version('retroactive')),
    [stored(900_000, '2025-12-31', 'v-retroactive'), cancelled],
    newSale(300_000),
    anna,
  )
  expect(proposal).toMatchObject({ percentage: 60, tier: 0 })
  // On project p2 the project's own plan holds: 40 %, whatever Anna's own plan says.
  const project = version('retroactive', {
    id: 'v-project',
    planId: 'plan-project',
    roles: [{ role: 'closer', share: 40, tiers: [] }],
  })
  const book = bookFor(version('retroactive'))
  const [onProject] = proposeLines(
    {
      ...book,
      versions: [...book.versions, project],
      projectRates: bookFor(project, 'plan-project').projectRates,
    },
    [],
    { ...newSale(300_000), projectId: 'p2' },
    anna,
  )
  expect(onProject).toMatchObject({ percentage: 40, planVersionId: 'v-project' })
})

test('no proposal for a seller without a plan here, or a role the plan does not know', () => {
  const book = bookFor(version('retroactive'))
  expect(
    proposeLines(book, [], newSale(100_000), [
      { sellerId: 'bram', role: 'closer', commissionType: 'sales' },
      { sellerId: 'anna', role: 'setter', commissionType: 'sales' },
    ]),
  ).toEqual([null, null])
})
