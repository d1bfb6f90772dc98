import { describe, expect, it } from 'vitest'
import { computeOfficeShare } from '#schema/office-share'

const line = (commissionAmount: number, overrides: Record<string, string> = {}) => ({
  commissionType: 'sales',
  kind: 'commission',
  status: 'pending',
  commissionAmount,
  ...overrides,
})

describe('computeOfficeShare', () => {
  it('is the net commission minus the sales team lines', () => {
    // € 10.000 net, closer 60 %, setter 10 %: the office keeps € 3.000.
    expect(computeOfficeShare(1_000_000, [line(600_000), line(100_000)])).toBe(300_000)
  })

  it('takes a retroactive adjustment from the office (decision 039)', () => {
    const lines = [line(600_000), line(100_000, { kind: 'adjustment' })]
    expect(computeOfficeShare(1_000_000, lines)).toBe(300_000)
    // A step back to the base share gives the office its part again.
    expect(
      computeOfficeShare(1_000_000, [line(700_000), line(-100_000, { kind: 'adjustment' })]),
    ).toBe(400_000)
  })

  it('leaves out clawbacks, cancelled lines and extra shares', () => {
    const lines = [
      line(600_000),
      line(-600_000, { kind: 'clawback' }),
      line(50_000, { status: 'cancelled' }),
      line(20_000, { commissionType: 'referral' }),
    ]
    expect(computeOfficeShare(1_000_000, lines)).toBe(400_000)
  })

  it('is the whole net commission without team lines', () => {
    expect(computeOfficeShare(250_000, [])).toBe(250_000)
  })
})
