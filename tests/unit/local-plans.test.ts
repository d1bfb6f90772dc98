import { expect, test } from 'vitest'
import {
  findLocalPosition,
  findLocalPositions,
  findLocalVolume,
  toPlanBook,
  toPlanList,
} from '#schema/local-plans'
import type { SaleDocType } from '#schema/rx/sales'
import { closersVersion, EURO } from '../support/commission-plans.ts'

// A seller's position as a device computes it from its local copies (decision 040): the
// same arithmetic as GET …/sellers/:id/position, on the local sales, a sale registered on
// this device (seq 0) counted at once with its own lines.

const stamps = { createdAt: 1, updatedAt: 1, seq: 1 }

/** Closer 60 %, 70 % from € 1.000.000 a year (retroactive); setter 20 %. */
const closers = {
  ...closersVersion(1_000_000 * EURO, { planId: 'plan-closers' }),
  ...stamps,
}

const book = toPlanBook({
  versions: [closers, { ...closers, id: 'v0', planId: 'plan-old', from: '2025-01-01' }],
  placements: [
    { id: 'p1', sellerId: 'anna', planId: 'plan-closers', from: '2026-01-01', ...stamps },
  ],
  projectRates: [],
})

type Line = SaleDocType['lines'][number]
function line(sellerId: string, overrides: Partial<Line> = {}): Line {
  return {
    id: `${sellerId}-line`,
    saleId: 's',
    sellerId,
    commissionType: 'sales',
    role: 'closer',
    commissionPercentage: 60,
    commissionAmount: 1,
    status: 'pending',
    expectedPaymentDate: null,
    paidAt: null,
    kind: 'commission',
    paidAmount: 0,
    sourceId: null,
    planVersionId: 'v1',
    planTier: 0,
    planNote: null,
    ...stamps,
    ...overrides,
  }
}

type VolumeSale = Parameters<typeof findLocalVolume>[0][number]
function sale(euros: number, saleDate: string, overrides: Partial<VolumeSale> = {}): VolumeSale {
  return {
    saleDate,
    salePrice: euros * EURO,
    status: 'completed',
    seq: 5,
    lines: [line('anna')],
    ...overrides,
  }
}

// Anna's 2026: € 400.000 and € 300.000 stored, € 200.000 registered here (seq 0, her own
// calculation), a cancelled € 500.000, a referral-only € 250.000 (no volume), a € 900.000
// of 2025 (another period), a cancelled line of hers on € 50.000. Volume € 900.000; the
// tier starts at € 1.000.000: "Nog € 100.000 tot 70 %".
const sales: VolumeSale[] = [
  sale(400_000, '2026-02-01'),
  sale(300_000, '2026-03-01'),
  sale(200_000, '2026-04-01', {
    seq: 0,
    lines: [],
    commissions: [
      {
        sellerId: 'anna',
        role: 'closer',
        commissionType: 'sales',
        commissionPercentage: 60,
        commissionAmount: 1,
      },
    ],
  }),
  sale(500_000, '2026-05-01', { status: 'cancelled' }),
  sale(250_000, '2026-06-01', { lines: [line('anna', { commissionType: 'referral' })] }),
  sale(900_000, '2025-12-31'),
  sale(50_000, '2026-07-01', { lines: [line('anna', { status: 'cancelled' })] }),
  sale(800_000, '2026-07-01', { lines: [line('bram')] }),
]

test('the volume counts standing sales of the period the seller is on the team of', () => {
  expect(findLocalVolume(sales, 'anna', { start: '2026-01-01', end: '2026-12-31' })).toBe(
    900_000 * EURO,
  )
})

test("a seller's position: their plan, volume, share and what is left to the next tier", () => {
  const position = findLocalPosition({
    book,
    plans: [{ id: 'plan-closers', name: 'Closers' }],
    seller: { id: 'anna', role: 'Closer' },
    sellerId: 'anna',
    sales,
    date: '2026-08-01',
  })
  expect(position).toEqual({
    periodStart: '2026-01-01',
    periodEnd: '2026-12-31',
    volume: 900_000 * EURO,
    share: 60,
    tier: 0,
    nextThreshold: 1_000_000 * EURO,
    nextShare: 70,
    // Money and percentage are written with no-break spaces, as everywhere.
    text: expect.stringMatching(/^Nog €\s100\.000 tot 70\s%$/),
    planName: 'Closers',
    role: 'closer',
  })
  // One more sale of € 100.000 reaches the tier: 70 %, nothing left to reach.
  const reached = findLocalPosition({
    book,
    plans: [{ id: 'plan-closers', name: 'Closers' }],
    seller: { id: 'anna', role: null },
    sellerId: 'anna',
    sales: [...sales, sale(100_000, '2026-08-01')],
    date: '2026-08-01',
  })
  expect(reached).toMatchObject({ share: 70, tier: 1, nextThreshold: null, text: null })
})

test('no position before the placement, or for a seller this device has no placement of', () => {
  const base = { book, plans: [{ id: 'plan-closers', name: 'Closers' }], sales }
  expect(
    findLocalPosition({ ...base, seller: undefined, sellerId: 'anna', date: '2025-06-01' }),
  ).toBeNull()
  expect(
    findLocalPosition({ ...base, seller: undefined, sellerId: 'bram', date: '2026-06-01' }),
  ).toBeNull()
})

test('plans by name with their versions oldest first; a plan without versions left out', () => {
  const later = { ...closers, id: 'v2', from: '2026-07-01' }
  const list = toPlanList(
    [
      { id: 'plan-closers', name: 'Closers' },
      { id: 'plan-empty', name: 'Aanloop' },
      { id: 'plan-old', name: 'Aardig oud' },
    ],
    toPlanBook({
      versions: [later, closers, { ...closers, id: 'v0', planId: 'plan-old' }],
      placements: [],
      projectRates: [],
    }),
  )
  expect(list.map((plan) => [plan.name, plan.versions.map((version) => version.id)])).toEqual([
    ['Aardig oud', ['v0']],
    ['Closers', ['v1', 'v2']],
  ])
})

test('all sellers in one pass: each their volume in their period, by name, none off-plan', () => {
  const both = toPlanBook({
    versions: [closers],
    placements: [
      { id: 'p1', sellerId: 'anna', planId: 'plan-closers', from: '2026-01-01', ...stamps },
      { id: 'p2', sellerId: 'bram', planId: 'plan-closers', from: '2026-01-01', ...stamps },
    ],
    projectRates: [],
  })
  // Worked by hand: Anna € 900.000 (above) + her half of a shared € 150.000 = € 1.050.000,
  // past the € 1.000.000 tier: 70 %. Bram € 800.000 + the shared € 150.000 (on its team
  // twice, counted once) = € 950.000: 60 %, "Nog € 50.000 tot 70 %". Carla has no plan.
  const shared = sale(150_000, '2026-07-15', {
    lines: [line('bram'), line('anna'), line('bram', { id: 'bram-2', role: 'setter' })],
  })
  const all = findLocalPositions({
    book: both,
    plans: [{ id: 'plan-closers', name: 'Closers' }],
    sellers: [
      { id: 'bram', name: 'Bram', role: 'closer' },
      { id: 'carla', name: 'Carla', role: 'closer' },
      { id: 'anna', name: 'Anna', role: 'closer' },
    ],
    sales: [...sales, shared],
    date: '2026-08-01',
  })
  expect(
    all.map((item) => [item.sellerName, item.position.volume / EURO, item.position.share]),
  ).toEqual([
    ['Anna', 1_050_000, 70],
    ['Bram', 950_000, 60],
  ])
  expect(all[0]?.position.text).toBeNull()
  expect(all[1]?.position.text).toMatch(/^Nog €\s50\.000 tot 70\s%$/)
  expect(all[1]?.tiers).toEqual([{ fromVolume: 1_000_000 * EURO, share: 70 }])
  // The same as one seller at a time.
  for (const item of all) {
    expect(
      findLocalPosition({
        book: both,
        plans: [{ id: 'plan-closers', name: 'Closers' }],
        seller: { id: item.sellerId, role: 'closer' },
        sellerId: item.sellerId,
        sales: [...sales, shared],
        date: '2026-08-01',
      }),
    ).toEqual(item.position)
  }
})
