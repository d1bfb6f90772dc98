import { expect, test } from 'vitest'
import { findReviewReasons, getReviewStatusAfterWrite } from '#schema/sale-review'
import type { CommissionDocument, SaleDocument } from '#schema/sales'
import {
  buildCommissionDashboard,
  buildDetailedStats,
  type SalesData,
} from '#schema/sales-dashboard'
import { buildExportRows } from '#web/sales/commissions/export-rows.ts'
import { buildSaleDocument } from '../support/sale-document.ts'

// The review rule (schema/sale-review.ts) as the device and the server both run it, and
// what a held sale counts for in the one aggregation behind every figure.

const TODAY = '2026-06-01'
const own = (commissionPercentage: number, commissionType = 'sales' as const) => ({
  sellerId: 'anna',
  commissionType,
  commissionPercentage,
})

test('names each rule a split breaks, exactly at its bounds', () => {
  expect(findReviewReasons([own(100)])).toEqual([])
  expect(findReviewReasons([own(33.3333), { ...own(66.6667), sellerId: 'bram' }])).toEqual([])
  expect(
    findReviewReasons([
      own(100),
      { sellerId: 'bram', commissionType: 'referral', commissionPercentage: 50 },
    ]),
  ).toEqual([])
  expect(findReviewReasons(Array.from({ length: 50 }, () => own(100)))).toEqual([
    'Het salesteam telt op tot 5000% in plaats van 100%',
    'Dezelfde verkoper staat twee keer met hetzelfde soort commissie',
  ])
  expect(
    findReviewReasons([
      own(99.9999),
      { sellerId: 'bram', commissionType: 'manager', commissionPercentage: 50.0001 },
    ]),
  ).toEqual([
    'Het salesteam telt op tot 99,9999% in plaats van 100%',
    'Extra commissies tellen op tot 50,0001% (boven 50%)',
  ])
})

test('only an author who does not see every sale is held; their correction of a held sale holds it again', () => {
  const odd = [own(100), own(100)]
  expect(getReviewStatusAfterWrite({ canReadAll: true, lines: odd, current: null })).toBeNull()
  expect(getReviewStatusAfterWrite({ canReadAll: false, lines: odd, current: null })).toBe(
    'pending',
  )
  expect(
    getReviewStatusAfterWrite({ canReadAll: false, lines: [own(100)], current: null }),
  ).toBeNull()
  expect(
    getReviewStatusAfterWrite({ canReadAll: false, lines: [own(100)], current: 'rejected' }),
  ).toBe('pending')
  expect(
    getReviewStatusAfterWrite({ canReadAll: true, lines: [own(100)], current: 'pending' }),
  ).toBe('pending')
})

function sale(id: string, reviewStatus: SaleDocument['reviewStatus']): SaleDocument {
  const reviewReason = reviewStatus === 'rejected' ? 'Klopt niet' : null
  return buildSaleDocument({ id, reviewStatus, reviewReason })
}

function lines(saleId: string, count: number): CommissionDocument[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${saleId}-${index}`,
    saleId,
    sellerId: 'anna',
    commissionType: 'sales',
    role: null,
    commissionPercentage: 100,
    commissionAmount: 5_000_000,
    status: 'pending',
    expectedPaymentDate: '2026-02-09',
    paidAt: null,
    createdAt: index,
    updatedAt: 0,
    seq: 1,
    kind: 'commission',
    paidAmount: 0,
    sourceId: null,
    planVersionId: null,
    planTier: null,
    planNote: null,
  }))
}

test('a held or rejected sale of 50 lines of 100 % counts € 0 in every figure and exports no line', () => {
  const clean: SalesData = {
    sales: [sale('clean', null)],
    commissions: lines('clean', 1),
    projects: [],
    sellers: [],
  }
  const withHeld: SalesData = {
    ...clean,
    sales: [...clean.sales, sale('held', 'pending'), sale('sent-back', 'rejected')],
    commissions: [...clean.commissions, ...lines('held', 50), ...lines('sent-back', 50)],
  }
  const {
    salesList: _list,
    salesListTotal: _total,
    ...figures
  } = buildCommissionDashboard(clean, {}, TODAY)
  const held = buildCommissionDashboard(withHeld, {}, TODAY)
  expect(held).toMatchObject(figures)
  expect(held.overdueCommissions).toBe(5_000_000)
  expect(buildDetailedStats(withHeld, TODAY)).toEqual(buildDetailedStats(clean, TODAY))
  const rows = buildExportRows(held.salesList)
  // Three sale rows and the clean sale's one line; the held sales say why they have none.
  expect(rows).toHaveLength(4)
  expect(rows.map((row) => row[11])).toEqual(
    expect.arrayContaining([
      { kind: 'text', value: 'Ter beoordeling' },
      { kind: 'text', value: 'Afgewezen' },
    ]),
  )
})
