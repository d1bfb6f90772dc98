import { describe, expect, test } from 'vitest'
import { calculateCommission } from '#schema/commission'
import { PlanCreateSchema, PlanUpdateSchema, type PlanVersion } from '#schema/commission-plans'
import {
  computeSellerPeriod,
  describeNextTier,
  describePosition,
  findPlanRole,
  orderPeriodSales,
  type PeriodSale,
  periodOf,
} from '#schema/plan-arithmetic'
import { choosePlanVersion, findProjectPercentage, type PlanBook } from '#schema/plan-resolution'
import { closersVersion, EURO } from '../support/commission-plans.ts'

// The plan arithmetic (decision 039) by hand-worked examples. Money in cents: € 1 = 100.
// Throughout, a closer's plan: 60 % of the net commission, 70 % from € 5.000.000 of
// volume in the calendar year. Net commissions are 2 % of the price unless said.

const closerPlan = (overrides: Partial<PlanVersion> = {}) =>
  closersVersion(5_000_000 * EURO, overrides)

/** A sale of the closer's at 2 % net. */
function sale(saleId: string, saleDate: string, euros: number, version: PlanVersion): PeriodSale {
  return {
    saleId,
    saleDate,
    salePrice: euros * EURO,
    netCents: (euros * EURO * 2) / 100,
    parts: [{ commissionType: 'sales', role: 'closer', version }],
  }
}

describe('retroactive tiers', () => {
  test('below the threshold every sale earns the base share', () => {
    // Sale 1: € 3.000.000, net € 60.000. Volume € 3.000.000 < € 5.000.000: 60 %.
    // 60 % of € 60.000 = € 36.000.
    const [only] = computeSellerPeriod([sale('s1', '2026-02-01', 3_000_000, closerPlan())])
    expect(only).toMatchObject({ amount: 36_000 * EURO, percentage: 60, tier: 0, note: null })
  })

  test('crossing the threshold lifts the whole period, the earlier sale too', () => {
    // Sale 1: € 3.000.000 (net € 60.000); sale 2: € 2.500.000 (net € 50.000).
    // The year's volume is € 5.500.000 ≥ € 5.000.000: 70 % for both sales.
    // Sale 1: 70 % × € 60.000 = € 42.000 (it had € 36.000: the adjustment is € 6.000).
    // Sale 2: 70 % × € 50.000 = € 35.000.
    const version = closerPlan()
    const [first, second] = computeSellerPeriod([
      sale('s1', '2026-02-01', 3_000_000, version),
      sale('s2', '2026-05-01', 2_500_000, version),
    ])
    expect(first).toMatchObject({ amount: 42_000 * EURO, percentage: 70, tier: 1 })
    expect(second).toMatchObject({ amount: 35_000 * EURO, percentage: 70, tier: 1 })
    expect((first?.amount ?? 0) - 36_000 * EURO).toBe(6_000 * EURO)
  })

  test('reaching the threshold exactly counts as reached', () => {
    // € 3.000.000 + € 2.000.000 = € 5.000.000: "from € 5.000.000" is reached, 70 %.
    // Sale 2: 70 % × € 40.000 = € 28.000.
    const version = closerPlan()
    const results = computeSellerPeriod([
      sale('s1', '2026-02-01', 3_000_000, version),
      sale('s2', '2026-05-01', 2_000_000, version),
    ])
    expect(results[1]).toMatchObject({ amount: 28_000 * EURO, tier: 1 })
  })
})

describe('marginal tiers', () => {
  test('only the part above the threshold earns the higher share', () => {
    // Sale 1: € 3.000.000, all below € 5.000.000: 60 % × € 60.000 = € 36.000.
    // Sale 2: € 2.500.000 spans € 3.000.000 → € 5.500.000: € 2.000.000 at 60 % and
    // € 500.000 at 70 %. Blended: (2.000.000 × 60 + 500.000 × 70) / 2.500.000 = 62 %.
    // 62 % × € 50.000 = € 31.000; sale 1 keeps € 36.000.
    const version = closerPlan({ mode: 'marginal' })
    const [first, second] = computeSellerPeriod([
      sale('s1', '2026-02-01', 3_000_000, version),
      sale('s2', '2026-05-01', 2_500_000, version),
    ])
    expect(first).toMatchObject({ amount: 36_000 * EURO, percentage: 60, tier: 0 })
    expect(second).toMatchObject({ amount: 31_000 * EURO, percentage: 62, tier: 1 })
  })

  test('a sale ending exactly on the threshold stays in the base tier', () => {
    // € 3.000.000 then € 2.000.000: sale 2 spans € 3.000.000 → € 5.000.000, none of it
    // above the threshold: 60 % × € 40.000 = € 24.000, tier 0.
    const version = closerPlan({ mode: 'marginal' })
    const results = computeSellerPeriod([
      sale('s1', '2026-02-01', 3_000_000, version),
      sale('s2', '2026-05-01', 2_000_000, version),
    ])
    expect(results[1]).toMatchObject({ amount: 24_000 * EURO, percentage: 60, tier: 0 })
  })

  test('a blended share that does not divide evenly is rounded to the cent once', () => {
    // Sale 1 € 4.999.999 (below); sale 2: € 3 of which € 1 at 60 % and € 2 at 70 %.
    // Net of sale 2: 2 % of € 3 = 6 cents. Share (1 × 60 + 2 × 70) / 3 = 66,6667 %.
    // 6 × 66,666… % = 4 cents exactly (6 × 200/300 = 4).
    const version = closerPlan({ mode: 'marginal' })
    const results = computeSellerPeriod([
      sale('s1', '2026-02-01', 4_999_999, version),
      sale('s2', '2026-02-02', 3, version),
    ])
    expect(results[1]).toMatchObject({ amount: 4, percentage: 66.6667, tier: 1 })
  })
})

describe('caps', () => {
  test('the cap is taken up in order; what follows earns 0 with the reason', () => {
    // Retroactive, cap € 60.000 per year. Three sales of € 3.000.000, € 2.500.000 and
    // € 1.000.000: the year's volume is € 6.500.000, 70 % throughout.
    // Sale 1: 70 % × € 60.000 = € 42.000 (earned € 42.000).
    // Sale 2: 70 % × € 50.000 = € 35.000, but only € 18.000 is left: € 18.000, capped.
    // Sale 3: 70 % × € 20.000 = € 14.000, nothing left: € 0, capped.
    const version = closerPlan({ capPerPeriod: 60_000 * EURO })
    const results = computeSellerPeriod([
      sale('s1', '2026-02-01', 3_000_000, version),
      sale('s2', '2026-05-01', 2_500_000, version),
      sale('s3', '2026-06-01', 1_000_000, version),
    ])
    expect(results.map((result) => result.amount)).toEqual([42_000 * EURO, 18_000 * EURO, 0])
    expect(results[0]?.note).toBeNull()
    expect(results[1]?.note).toBe('Plafond van €\u00a060.000,00 per periode bereikt')
    expect(results[2]?.note).toBe('Plafond van €\u00a060.000,00 per periode bereikt')
  })

  test('a referral share is fixed and has its own cap', () => {
    // Referral 10 %, cap € 10.000 a year. Nets € 60.000 and € 50.000:
    // sale 1: 10 % = € 6.000; sale 2: 10 % = € 5.000 but only € 4.000 left.
    const version = closerPlan({
      extras: [{ commissionType: 'referral', share: 10, capPerPeriod: 10_000 * EURO }],
    })
    const referral = (id: string, date: string, euros: number): PeriodSale => ({
      ...sale(id, date, euros, version),
      parts: [{ commissionType: 'referral', role: null, version }],
    })
    const results = computeSellerPeriod([
      referral('s1', '2026-02-01', 3_000_000),
      referral('s2', '2026-05-01', 2_500_000),
    ])
    expect(results.map((result) => result.amount)).toEqual([6_000 * EURO, 4_000 * EURO])
    expect(results[1]?.note).toContain('Plafond')
  })
})

describe('project rates and version dates', () => {
  const v1 = closerPlan()
  // From 1 July the closer's base share is 65 %.
  const v2 = closerPlan({
    id: 'v2',
    from: '2026-07-01',
    roles: [{ role: 'closer', share: 65, tiers: [] }],
  })
  const singel = closerPlan({
    id: 'singel-v1',
    planId: 'plan-singel',
    roles: [{ role: 'closer', share: 50, tiers: [] }],
  })
  const book: PlanBook = {
    versions: [v2, v1, singel],
    placements: [{ sellerId: 'anna', planId: 'plan-a', from: '2026-01-01' }],
    projectRates: [
      { projectId: 'singel', from: '2026-03-01', commissionPercentage: 2.5, planId: null },
      {
        projectId: 'singel',
        from: '2026-09-01',
        commissionPercentage: null,
        planId: 'plan-singel',
      },
    ],
  }

  test('a version holds from its date: 30 June the old one, 1 July the new', () => {
    const on = (saleDate: string) =>
      choosePlanVersion(book, { projectId: 'haven', saleDate }, 'anna')?.id
    expect(on('2026-06-30')).toBe('v1')
    expect(on('2026-07-01')).toBe('v2')
    // Before the seller's placement and every version: no plan.
    expect(on('2025-12-31')).toBeUndefined()
  })

  test("the project's percentage from its date; its plan replaces the seller's", () => {
    // Singel pays 2,5 % from 1 March: a € 1.000.000 sale there on 1 March has a net
    // commission of € 25.000 (not € 20.000), of which Anna's 60 % is € 15.000.
    expect(findProjectPercentage(book, 'singel', '2026-02-28')).toBeNull()
    const percentage = findProjectPercentage(book, 'singel', '2026-03-01')
    expect(percentage).toBe(2.5)
    const net = calculateCommission({
      salePriceCents: 1_000_000 * EURO,
      commissionPercentage: percentage ?? 0,
      discountPercentage: 0,
      costsCents: 0,
      lines: [],
    }).netCents
    expect(net).toBe(25_000 * EURO)
    const version = choosePlanVersion(book, { projectId: 'singel', saleDate: '2026-03-01' }, 'anna')
    expect(version?.id).toBe('v1')
    const [line] = computeSellerPeriod([
      {
        saleId: 's1',
        saleDate: '2026-03-01',
        salePrice: 1_000_000 * EURO,
        netCents: net,
        parts: [{ commissionType: 'sales', role: 'closer', version: version ?? v1 }],
      },
    ])
    expect(line?.amount).toBe(15_000 * EURO)
    // From 1 September Singel has its own plan (closer 50 %), and its 2,5 % still holds.
    expect(
      choosePlanVersion(book, { projectId: 'singel', saleDate: '2026-09-01' }, 'anna')?.id,
    ).toBe('singel-v1')
    expect(findProjectPercentage(book, 'singel', '2026-09-01')).toBe(2.5)
  })
})

describe('periods', () => {
  test('a sale dated last year counts in last year, whenever it is registered', () => {
    // Registered in 2026 with a sale date of 20 December 2025: its period is 2025.
    expect(periodOf('2025-12-20', 'year')).toEqual({ start: '2025-01-01', end: '2025-12-31' })
    expect(periodOf('2026-05-15', 'quarter')).toEqual({ start: '2026-04-01', end: '2026-06-30' })
    expect(periodOf('2026-12-31', 'quarter')).toEqual({ start: '2026-10-01', end: '2026-12-31' })
  })

  test('sales are taken by sale date, then by the order they were registered', () => {
    const ordered = orderPeriodSales([
      { id: 'late', saleDate: '2026-05-01', order: 1 },
      { id: 'second', saleDate: '2026-02-01', order: 3 },
      { id: 'first', saleDate: '2026-02-01', order: 2 },
    ])
    expect(ordered.map((item) => item.id)).toEqual(['first', 'second', 'late'])
  })
})

describe('position', () => {
  test('"Nog € 420.000 tot 70 %" at € 4.580.000 of volume', () => {
    // € 5.000.000 − € 4.580.000 = € 420.000 to the 70 % tier.
    const version = closerPlan()
    const role = findPlanRole(version, 'Closer')
    if (!role) throw new Error('no closer role')
    const position = describePosition(version, role, '2026-05-01', 4_580_000 * EURO)
    expect(position).toEqual({
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
      volume: 4_580_000 * EURO,
      share: 60,
      tier: 0,
      nextThreshold: 5_000_000 * EURO,
      nextShare: 70,
    })
    expect(describeNextTier(position)).toBe('Nog €\u00a0420.000 tot 70 %')
    // At the highest tier there is nothing left to reach.
    expect(describeNextTier(describePosition(version, role, '2026-05-01', 6e8))).toBeNull()
  })
})

describe('validation', () => {
  const valid = {
    name: 'Closers 2026',
    period: 'year',
    mode: 'retroactive',
    from: '2026-01-01',
    roles: [{ role: 'closer', share: 60, tiers: [{ fromVolume: 500_000_000, share: 70 }] }],
  }
  const refusal = (body: unknown, schema: typeof PlanCreateSchema = PlanCreateSchema) => {
    const result = schema.safeParse(body)
    return result.success ? null : result.error.issues[0]
  }
  const withTiers = (tiers: unknown[]) => ({
    ...valid,
    roles: [{ role: 'closer', share: 60, tiers }],
  })

  test('a valid plan passes', () => {
    expect(refusal(valid)).toBeNull()
  })

  test.each([
    [
      'unordered tiers',
      withTiers([
        { fromVolume: 500, share: 70 },
        { fromVolume: 400, share: 80 },
      ]),
      'roles.0.tiers.1.fromVolume',
    ],
    [
      'overlapping tiers',
      withTiers([
        { fromVolume: 500, share: 70 },
        { fromVolume: 500, share: 80 },
      ]),
      'roles.0.tiers.1.fromVolume',
    ],
    [
      'a negative threshold',
      withTiers([{ fromVolume: -1, share: 70 }]),
      'roles.0.tiers.0.fromVolume',
    ],
    ['a share over 100 %', withTiers([{ fromVolume: 500, share: 101 }]), 'roles.0.tiers.0.share'],
    [
      'a base share over 100 %',
      { ...valid, roles: [{ role: 'closer', share: 100.5 }] },
      'roles.0.share',
    ],
    ['an unknown period', { ...valid, period: 'month' }, 'period'],
  ])('%s is refused naming the field', (_name, body, path) => {
    expect(refusal(body)?.path.join('.')).toBe(path)
  })

  test('a new version needs all its terms; a new name alone is enough', () => {
    expect(PlanUpdateSchema.safeParse({ name: 'Nieuw' }).success).toBe(true)
    const partial = PlanUpdateSchema.safeParse({ from: '2026-07-01' })
    expect(partial.success).toBe(false)
  })
})
