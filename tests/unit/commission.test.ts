import { describe, expect, test } from 'vitest'
import { type CommissionInput, calculateCommission } from '#schema/commission'

const base: CommissionInput = {
  salePriceCents: 25_000_000, // € 250.000,00
  commissionPercentage: 5,
  discountPercentage: 0,
  costsCents: 0,
  lines: [],
}

describe('calculateCommission', () => {
  test.each([
    // name, input changes, gross, discount, net
    ['defaults: 5 % of € 250.000', {}, 1_250_000, 0, 1_250_000],
    ['2,5 % commission', { commissionPercentage: 2.5 }, 625_000, 0, 625_000],
    ['10 % discount', { discountPercentage: 10 }, 1_250_000, 125_000, 1_125_000],
    [
      'costs subtracted after the discount',
      { discountPercentage: 10, costsCents: 100_000 },
      1_250_000,
      125_000,
      1_025_000,
    ],
    ['100 % discount leaves nothing', { discountPercentage: 100 }, 1_250_000, 1_250_000, 0],
    [
      'costs larger than the discounted gross: net stays 0',
      { costsCents: 2_000_000 },
      1_250_000,
      0,
      0,
    ],
    ['costs exactly the gross', { costsCents: 1_250_000 }, 1_250_000, 0, 0],
    ['0 % commission', { commissionPercentage: 0 }, 0, 0, 0],
    ['price 0', { salePriceCents: 0 }, 0, 0, 0],
    [
      'half a cent rounds up: 1 cent × 50 %',
      { salePriceCents: 1, commissionPercentage: 50 },
      1,
      0,
      1,
    ],
    [
      'below half a cent rounds down: 1 cent × 49,99 %',
      { salePriceCents: 1, commissionPercentage: 49.99 },
      0,
      0,
      0,
    ],
    [
      '€ 123.456,78 × 3,33 %',
      { salePriceCents: 12_345_678, commissionPercentage: 3.33 },
      411_111,
      0,
      411_111,
    ],
    [
      'float trap 1,15 % of € 1.000',
      { salePriceCents: 100_000, commissionPercentage: 1.15 },
      1150,
      0,
      1150,
    ],
    [
      'discount with a half cent',
      { salePriceCents: 101, commissionPercentage: 100, discountPercentage: 50 },
      101,
      51,
      50,
    ],
  ])('%s', (_name, changes, gross, discount, net) => {
    const result = calculateCommission({ ...base, ...changes })
    expect([result.grossCents, result.discountCents, result.netCents]).toEqual([
      gross,
      discount,
      net,
    ])
  })

  test('splits are the net times their percentage, rounded per line', () => {
    const result = calculateCommission({
      ...base,
      salePriceCents: 100_000,
      commissionPercentage: 10, // net € 100,00 = 10000 cents
      lines: [
        { commissionType: 'sales', percentage: 33.33 },
        { commissionType: 'sales', percentage: 33.33 },
        { commissionType: 'sales', percentage: 33.34 },
      ],
    })
    expect(result.lineAmountsCents).toEqual([3333, 3333, 3334])
    expect(result.salesTeamPercentage).toBe(100)
  })

  test('a single 100 % line equals the net exactly', () => {
    const result = calculateCommission({
      ...base,
      salePriceCents: 12_345,
      lines: [{ commissionType: 'sales', percentage: 100 }],
    })
    expect(result.lineAmountsCents).toEqual([result.netCents])
  })

  test('splits may add up to more than 100 % (no cap, docs/behaviour.md, The sale wizard)', () => {
    const result = calculateCommission({
      ...base,
      lines: [
        { commissionType: 'sales', percentage: 80 },
        { commissionType: 'sales', percentage: 60 },
        { commissionType: 'referral', percentage: 10 },
      ],
    })
    expect(result.salesTeamPercentage).toBe(140)
    expect(result.lineAmountsCents).toEqual([1_000_000, 750_000, 125_000])
  })

  test('extra commissions of exactly 50 % give no warning; above 50 % do', () => {
    const lines = (manager: number) =>
      [
        { commissionType: 'referral', percentage: 20 },
        { commissionType: 'manager', percentage: manager },
        { commissionType: 'director', percentage: 10 },
        { commissionType: 'sales', percentage: 90 },
      ] as const
    const atLimit = calculateCommission({ ...base, lines: lines(20) })
    expect(atLimit.extraPercentage).toBe(50)
    expect(atLimit.isExtraAboveWarning).toBe(false)
    const above = calculateCommission({ ...base, lines: lines(20.01) })
    expect(above.extraPercentage).toBe(50.01)
    expect(above.isExtraAboveWarning).toBe(true)
  })

  test('splits of a zero net are all zero', () => {
    const result = calculateCommission({
      ...base,
      costsCents: 5_000_000,
      lines: [{ commissionType: 'sales', percentage: 50 }],
    })
    expect(result.lineAmountsCents).toEqual([0])
  })
})
