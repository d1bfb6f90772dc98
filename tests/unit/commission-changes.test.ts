import { describe, expect, test } from 'vitest'
import { calculateCommission } from '#schema/commission'
import {
  applyPaymentPart,
  type LineState,
  PaymentPartError,
  planCancellation,
  planCorrection,
  type TargetLine,
} from '#schema/commission-changes'
import { getOpenAmount } from '#schema/commission-line-status'

// The arithmetic of a deal's life: corrections before and after payment, cancellation with
// clawbacks, payment in parts. Integer cents throughout: nothing may be lost or made up.

function line(
  id: string,
  sellerId: string,
  amount: number,
  paid = 0,
  extra: Partial<LineState> = {},
) {
  return {
    id,
    sellerId,
    commissionType: 'sales',
    kind: 'commission',
    amount,
    paid,
    status: paid === amount && amount !== 0 ? 'paid' : 'pending',
    ...extra,
  } satisfies LineState as LineState
}

/** The lines a sale's figures call for: two sellers 60/40 and a referral of 10 %. */
function targetFor(salePriceCents: number, commissionPercentage = 2.5): TargetLine[] {
  const lines = [
    { sellerId: 'anna', commissionType: 'sales', percentage: 60 },
    { sellerId: 'ben', commissionType: 'sales', percentage: 40 },
    { sellerId: 'cas', commissionType: 'referral', percentage: 10 },
  ] as const
  const { lineAmountsCents } = calculateCommission({
    salePriceCents,
    commissionPercentage,
    discountPercentage: 0,
    costsCents: 0,
    lines,
  })
  return lines.map((target, index) => ({
    sellerId: target.sellerId,
    commissionType: target.commissionType,
    amount: lineAmountsCents[index] ?? 0,
  }))
}

const sum = (amounts: readonly { amount: number }[]) =>
  amounts.reduce((total, item) => total + item.amount, 0)

describe('a correction', () => {
  test('before any payment, the lines are recomputed', () => {
    const before = targetFor(30_000_000).map((target, index) =>
      line(`l${index}`, target.sellerId, target.amount, 0, {
        commissionType: target.commissionType,
      }),
    )
    const after = targetFor(32_000_000)
    expect(planCorrection(before, after)).toEqual({ replace: true, lines: after })
  })

  test('after a payment, nothing is rewritten: each seller gets the exact difference', () => {
    const old = targetFor(30_000_000) // 450,000 / 300,000 / 75,000
    const current = old.map((target, index) =>
      line(`l${index}`, target.sellerId, target.amount, index === 0 ? target.amount : 0, {
        commissionType: target.commissionType,
      }),
    )
    const next = targetFor(31_234_567) // odd cents on every line
    const plan = planCorrection(current, next)
    if (plan.replace) throw new Error('a paid sale must not be rewritten')
    expect(plan.adjustments).toEqual(
      next.map((target, index) => ({
        sellerId: target.sellerId,
        commissionType: target.commissionType,
        kind: 'adjustment',
        amount: target.amount - (old[index]?.amount ?? 0),
      })),
    )
    // Cents preserved: what is owed after equals the new figures, to the cent.
    expect(sum(current) + sum(plan.adjustments)).toBe(sum(next))
  })

  test('a lower price after payment gives negative adjustments; a seller taken off owes all back', () => {
    const current = [
      line('a', 'anna', 450_000, 450_000),
      line('b', 'ben', 300_000, 100_000),
      line('c', 'cas', 75_000, 0, { commissionType: 'referral' }),
    ]
    const next: TargetLine[] = [
      { sellerId: 'anna', commissionType: 'sales', amount: 400_001 },
      { sellerId: 'dirk', commissionType: 'sales', amount: 266_667 },
      { sellerId: 'cas', commissionType: 'referral', amount: 75_000 },
    ]
    const plan = planCorrection(current, next)
    if (plan.replace) throw new Error('a paid sale must not be rewritten')
    expect(plan.adjustments).toEqual([
      { sellerId: 'anna', commissionType: 'sales', kind: 'adjustment', amount: -49_999 },
      { sellerId: 'ben', commissionType: 'sales', kind: 'adjustment', amount: -300_000 },
      { sellerId: 'dirk', commissionType: 'sales', kind: 'adjustment', amount: 266_667 },
    ])
  })

  test('a second correction counts the first adjustments as owed', () => {
    const current = [
      line('a', 'anna', 450_000, 450_000),
      line('adj', 'anna', 50_000, 0, { kind: 'adjustment' }),
    ]
    const plan = planCorrection(current, [
      { sellerId: 'anna', commissionType: 'sales', amount: 480_000 },
    ])
    expect(plan).toEqual({
      replace: false,
      adjustments: [
        { sellerId: 'anna', commissionType: 'sales', kind: 'adjustment', amount: -20_000 },
      ],
    })
  })
})

describe('a cancellation', () => {
  test('unpaid lines are cancelled; paid and partly paid lines are clawed back for what was paid', () => {
    const plan = planCancellation([
      line('paid', 'anna', 450_000, 450_000),
      line('part', 'ben', 300_000, 120_001),
      line('open', 'cas', 75_000, 0, { commissionType: 'referral' }),
      line('gone', 'dirk', 10_000, 0, { status: 'cancelled' }),
      line('back', 'eva', -5_000, 0, { kind: 'clawback' }),
    ])
    expect(plan.cancelIds).toEqual(['paid', 'part', 'open'])
    expect(plan.clawbacks).toEqual([
      {
        sellerId: 'anna',
        commissionType: 'sales',
        kind: 'clawback',
        amount: -450_000,
        sourceId: 'paid',
      },
      {
        sellerId: 'ben',
        commissionType: 'sales',
        kind: 'clawback',
        amount: -120_001,
        sourceId: 'part',
      },
    ])
  })
})

describe('payment in parts', () => {
  const openOn = (state: LineState) =>
    getOpenAmount({ commissionAmount: state.amount, paidAmount: state.paid, status: state.status })

  test('parts add up to the line, which is then paid; a part above what is open is refused', () => {
    let state = line('l', 'anna', 100_001)
    for (const part of [33_333, 33_333, 33_335]) {
      state = { ...state, ...applyPaymentPart(state, part) }
    }
    expect(state).toMatchObject({ paid: 100_001, status: 'paid' })
    expect(openOn(state)).toBe(0)
    expect(() => applyPaymentPart(line('l', 'anna', 10_000, 9_999), 2)).toThrow(PaymentPartError)
  })

  test('a part on a cancelled line, of nothing, or of a fraction of a cent is refused', () => {
    const cancelled = line('l', 'anna', 10_000, 0, { status: 'cancelled' })
    expect(() => applyPaymentPart(cancelled, 100)).toThrow(/geannuleerde verkoop/)
    expect(() => applyPaymentPart(line('l', 'anna', 10_000), 0)).toThrow(PaymentPartError)
    expect(() => applyPaymentPart(line('l', 'anna', 10_000), 10.5)).toThrow(PaymentPartError)
  })

  test('a clawback is settled in parts, counted towards its negative amount', () => {
    let state = line('c', 'anna', -450_000, 0, { kind: 'clawback' })
    state = { ...state, ...applyPaymentPart(state, 200_000) }
    expect(state).toMatchObject({ paid: -200_000, status: 'pending' })
    expect(openOn(state)).toBe(-250_000)
    state = { ...state, ...applyPaymentPart(state, 250_000) }
    expect(state).toMatchObject({ paid: -450_000, status: 'settled' })
  })
})
