import { describe, expect, test } from 'vitest'
import { getEffectiveStatus, getLineStatus } from '#schema/commission-line-status'
import type { CommissionDocument, SaleDocument } from '#schema/sales'
import { buildCommissionDashboard, type SalesData } from '#schema/sales-dashboard'
import { buildProjectDocument, buildSaleDocument } from '../support/sale-document.ts'

const TODAY = '2026-06-15'

const project = (id: string, label: string | null) => buildProjectDocument({ id, label })

function seller(id: string) {
  const base = { email: null, phone: null, role: 'closer', status: 'active', userId: null }
  return { id, name: `Verkoper ${id}`, ...base, createdAt: 0, updatedAt: 0, seq: 0 }
}

function sale(index: number, overrides: Partial<SaleDocument> = {}): SaleDocument {
  return buildSaleDocument({
    id: `sale-${index}`,
    projectId: index % 2 ? 'p1' : 'p2',
    clientName: `Klant ${index}`,
    propertyNumber: `B-${index % 7}`,
    // Many sales share a date, so the order falls back on createdAt and id.
    saleDate: `2026-0${(index % 5) + 1}-10`,
    salePrice: 10_000_000 + index,
    commissionPercentage: 2,
    commissionAmount: 200_000,
    createdAt: index % 3,
    seq: 0,
    ...overrides,
  })
}

function line(saleId: string, index: number, sellerId: string, status = 'pending') {
  return {
    id: `${saleId}-line-${index}`,
    saleId,
    sellerId,
    commissionType: 'sales',
    role: null,
    commissionPercentage: 50,
    commissionAmount: 100_000,
    status,
    expectedPaymentDate: '2026-07-01',
    paidAt: null,
    createdAt: index,
    updatedAt: 0,
    seq: 0,
    kind: 'commission',
    paidAmount: status === 'paid' ? 100_000 : 0,
    sourceId: null,
    planVersionId: null,
    planTier: null,
    planNote: null,
  } satisfies CommissionDocument
}

function organisation(count: number): SalesData {
  const sales = Array.from({ length: count }, (_, index) => sale(index))
  return {
    sales,
    commissions: sales.flatMap((item, index) => [
      line(item.id, 0, 's1', index % 4 ? 'pending' : 'paid'),
      line(item.id, 1, index % 3 ? 's2' : 's1'),
    ]),
    projects: [project('p1', 'Nieuwbouw'), project('p2', 'Bestaand')],
    sellers: [seller('s1'), seller('s2')],
  }
}

const newestFirst = (a: SaleDocument, b: SaleDocument) =>
  (a.saleDate < b.saleDate ? 1 : a.saleDate > b.saleDate ? -1 : 0) ||
  b.createdAt - a.createdAt ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

describe('the sales list page', () => {
  const data = organisation(400)
  const sorted = [...data.sales].sort(newestFirst).map((item) => item.id)

  test.each([
    [0, 10],
    [0, 25],
    [25, 25],
    [390, 25],
    [0, 400],
    [399, 1],
    [400, 10],
    [0, 0],
    [10, 0],
  ])('offset %i, limit %i is that slice of the newest-first order', (offset, limit) => {
    const page = { offset, limit, upcomingLimit: 5 }
    const dashboard = buildCommissionDashboard(data, {}, TODAY, page)
    expect(dashboard.salesList.map((item) => item.id)).toEqual(sorted.slice(offset, offset + limit))
    expect(dashboard.salesListTotal).toBe(400)
  })

  test('the row order of the input does not change any answer', () => {
    const page = { offset: 20, limit: 15, upcomingLimit: 10 }
    const reversed = {
      ...data,
      sales: [...data.sales].reverse(),
      commissions: [...data.commissions].reverse(),
    }
    expect(buildCommissionDashboard(reversed, {}, TODAY, page)).toEqual(
      buildCommissionDashboard(data, {}, TODAY, page),
    )
  })
})

describe('which lines count', () => {
  test('a seller filter keeps only that seller’s lines and the sales they hold one in', () => {
    const data = organisation(30)
    const dashboard = buildCommissionDashboard(data, { sellerId: 's2' }, TODAY, {
      offset: 0,
      limit: 100,
      upcomingLimit: 100,
    })
    const s2Lines = data.commissions.filter((item) => item.sellerId === 's2')
    expect(dashboard.totalSales).toBe(new Set(s2Lines.map((item) => item.saleId)).size)
    expect(dashboard.pendingCommissions).toBe(s2Lines.length * 100_000)
    expect(dashboard.sellerBreakdown.map((item) => item.sellerId)).toEqual(['s2'])
    for (const item of dashboard.salesList) {
      expect(item.commissions.map((entry) => entry.sellerName)).toEqual(['Verkoper s2'])
    }
  })

  test('a line whose sale is gone counts nowhere', () => {
    const data = organisation(4)
    const withOrphan = { ...data, commissions: [...data.commissions, line('sale-gone', 0, 's1')] }
    expect(buildCommissionDashboard(withOrphan, {}, TODAY)).toEqual(
      buildCommissionDashboard(data, {}, TODAY),
    )
  })

  test('properties are distinct per project and property number', () => {
    // Property numbers repeat every 7 sales; projects alternate: 14 distinct pairs.
    expect(buildCommissionDashboard(organisation(40), {}, TODAY).totalProperties).toBe(14)
  })

  test('a date and label filter narrows sales, lines and breakdowns together', () => {
    const data = organisation(50)
    const filters = { dateFrom: '2026-02-01', dateTo: '2026-03-31', projectLabel: 'Nieuwbouw' }
    const dashboard = buildCommissionDashboard(data, filters, TODAY)
    const selected = data.sales.filter(
      (item) =>
        item.saleDate >= '2026-02-01' && item.saleDate <= '2026-03-31' && item.projectId === 'p1',
    )
    expect(dashboard.totalSales).toBe(selected.length)
    expect(dashboard.projectBreakdown.map((item) => item.projectId)).toEqual(['p1'])
    const ids = new Set(selected.map((item) => item.id))
    const lines = data.commissions.filter((item) => ids.has(item.saleId))
    const paid = lines.filter((item) => item.status === 'paid').length * 100_000
    expect(dashboard.paidCommissions).toBe(paid)
    expect(dashboard.pendingCommissions + dashboard.overdueCommissions).toBe(
      lines.length * 100_000 - paid,
    )
  })
})

test('a clawback past its date is pending in the commissions list and on the sale screen, never overdue', () => {
  const cancelled = sale(1, { status: 'cancelled', cancelReason: 'Koper trok zich terug' })
  const paidBack = { ...line(cancelled.id, 0, 's1', 'cancelled'), paidAmount: 100_000 }
  const clawback = {
    ...line(cancelled.id, 1, 's1'),
    kind: 'clawback',
    commissionAmount: -100_000,
    expectedPaymentDate: '2026-06-14', // the day after the cancellation, today is the 15th
  } satisfies CommissionDocument
  const data: SalesData = {
    sales: [cancelled],
    commissions: [paidBack, clawback],
    projects: [project('p1', null)],
    sellers: [seller('s1')],
  }
  const listed = buildCommissionDashboard(data, {}, TODAY).salesList[0]?.commissions.find(
    (row) => row.id === clawback.id,
  )
  expect(listed?.status).toBe('pending')
  expect(getLineStatus(clawback, TODAY)).toBe('pending')
  expect(buildCommissionDashboard(data, {}, TODAY).overdueCommissions).toBe(0)
  // An ordinary line past its date is overdue on both.
  const late = { ...line(sale(2).id, 0, 's1'), expectedPaymentDate: '2026-06-14' }
  expect(getEffectiveStatus(late, TODAY)).toBe('overdue')
  expect(getLineStatus(late, TODAY)).toBe('overdue')
})
