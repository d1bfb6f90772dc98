import { expect, test } from 'vitest'
import { buildSalesFigures } from '#schema/local-sales-data'
import type { SaleDocument } from '#schema/sales'
import type { SalesData } from '#schema/sales-dashboard'
import { buildSaleDocument } from '../support/sale-document.ts'

// The sales ADMIN's list of implausible commissions (issue 45): built with the dashboard
// from local data, only when the page asks with the organisation's bound.

function sale(id: string, commissionPercentage: number, status = 'completed'): SaleDocument {
  return buildSaleDocument({
    id,
    salePrice: 31_000_000,
    commissionPercentage,
    commissionAmount: Math.round(31_000_000 * commissionPercentage) / 100,
    status: status as SaleDocument['status'],
  })
}

const data: SalesData = {
  sales: [
    sale('typed-right', 2.5),
    sale('at-the-bound', 10),
    sale('comma-lost', 25),
    sale('higher-still', 50),
    sale('cancelled', 30, 'cancelled'),
  ],
  commissions: [],
  projects: [{ id: 'p1', name: 'Havenkwartier' } as SalesData['projects'][number]],
  sellers: [],
}
const reviewer = { id: 'admin', isApprover: true }
const dashboardOf = (plausibleCommission?: number) =>
  buildSalesFigures(data, {
    figures: 'dashboard',
    today: '2026-02-01',
    reviewer,
    plausibleCommission,
  })

test('the sales above the bound, highest first, with their project; cancelled ones left out', () => {
  const listed = dashboardOf(10).implausibleCommissions
  expect(listed.map(({ sale }) => [sale.id, sale.commissionPercentage])).toEqual([
    ['higher-still', 50],
    ['comma-lost', 25],
  ])
  expect(listed[0]?.projectName).toBe('Havenkwartier')
  expect(dashboardOf(24.9999).implausibleCommissions).toHaveLength(2)
  expect(dashboardOf(25).implausibleCommissions).toHaveLength(1)
})

test('nothing is listed when the page asks without a bound (anyone but a sales ADMIN)', () => {
  expect(dashboardOf().implausibleCommissions).toEqual([])
})
