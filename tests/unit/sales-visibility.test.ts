import { expect, test } from 'vitest'
import { SALES_ROLE_PERMISSIONS } from '#schema/permissions'
import { maySeeSeller, seesAllSales } from '#schema/sales-visibility'

// One rule for "every sale or only their own", read the same from the server's set of rights
// and from a sales role's list in the browser.

test('ADMIN and MANAGER see every sale, a SELLER only their own', () => {
  expect(seesAllSales(SALES_ROLE_PERMISSIONS.ADMIN)).toBe(true)
  expect(seesAllSales(new Set(SALES_ROLE_PERMISSIONS.MANAGER))).toBe(true)
  expect(seesAllSales(SALES_ROLE_PERMISSIONS.SELLER)).toBe(false)
  expect(seesAllSales(new Set(SALES_ROLE_PERMISSIONS.SELLER))).toBe(false)
})

test('a SELLER sees their own seller record and lines, not a colleague’s', () => {
  const seller = { permissions: new Set(SALES_ROLE_PERMISSIONS.SELLER), sellerId: 'anna' }
  expect(maySeeSeller(seller, 'anna')).toBe(true)
  expect(maySeeSeller(seller, 'bert')).toBe(false)
  expect(maySeeSeller({ ...seller, sellerId: null }, 'anna')).toBe(false)
  const manager = { permissions: SALES_ROLE_PERMISSIONS.MANAGER, sellerId: null }
  expect(maySeeSeller(manager, 'bert')).toBe(true)
})
