import type { InferResponseType } from 'hono/client'
import { expect } from 'vitest'
import type { PlanVersion } from '#schema/commission-plans'
import type { Client } from './http.ts'
import { UNTYPED_SALE_FIELDS } from './sale-document.ts'
import { readTables } from './sqlite.ts'
import type { TypedApi } from './typed-client.ts'

// What the commission-plan tests share: the tables a plan change may write, and the two
// calls every one of them starts with (a plan, a seller put on it).

/** Cents in a euro: the API's amounts are in cents. */
export const EURO = 100

/** Closers: 60 % of the net commission, 70 % from € 5.000.000 a year, retroactive. */
export const closersPlan = (extra: object = {}) => ({
  name: 'Closers',
  period: 'year',
  mode: 'retroactive',
  from: '2025-01-01',
  roles: [{ role: 'closer', share: 60, tiers: [{ fromVolume: 5_000_000 * EURO, share: 70 }] }],
  ...extra,
})

/**
 * A closers' plan as a stored version holds it, for the arithmetic's own tests: closer 60 %
 * of the net, 70 % from `tierFrom` (cents) of volume in the calendar year (retroactive),
 * setter 20 %; no extras, no cap; `overrides` over that.
 */
export const closersVersion = (
  tierFrom: number,
  overrides: Partial<PlanVersion> = {},
): PlanVersion => ({
  id: 'v1',
  planId: 'plan-a',
  from: '2026-01-01',
  period: 'year',
  mode: 'retroactive',
  roles: [
    { role: 'closer', share: 60, tiers: [{ fromVolume: tierFrom, share: 70 }] },
    { role: 'setter', share: 20, tiers: [] },
  ],
  capPerPeriod: null,
  extras: [],
  ...overrides,
})

/** A sale of `euros` at 2 % (net 2 % of the price), the seller as its closer. */
export const closerSale = (sale: {
  projectId: string
  sellerId: string
  euros: number
  saleDate: string
  clientName: string
}) => ({
  projectId: sale.projectId,
  clientName: sale.clientName,
  propertyNumber: `B-${Math.round(Math.random() * 1e6)}`,
  saleDate: sale.saleDate,
  salePrice: sale.euros * EURO,
  commissionPercentage: 2,
  team: [{ sellerId: sale.sellerId, role: 'closer' }],
})

/** Every table a plan, placement, rate or plan sale writes. */
export const PLAN_TABLES = [
  'commission_plans',
  'commission_plan_versions',
  'seller_plan_placements',
  'sales_project_rates',
  'sales',
  'commissions',
]

/** The rows of the plan tables of one organisation's file. */
export const readPlanTables = (dataDir: string, organisationId = 'default-org') =>
  readTables(dataDir, organisationId, PLAN_TABLES)

/** POST …/commission-plans as `admin`; the answer's plan (201 expected). */
export async function createPlan(admin: Client, body: object) {
  const answer = await admin.post('/api/gold-estates/commission-plans', body)
  expect(answer.status, answer.text).toBe(201)
  return answer.json as { id: string; current: { id: string }; versions: { id: string }[] }
}

/** PUT …/sellers/:id/plan as `admin` (200 expected). */
export async function placeSeller(
  admin: Client,
  sellerId: string,
  planId: string,
  from = '2025-01-01',
) {
  const answer = await admin.request('PUT', `/api/gold-estates/sellers/${sellerId}/plan`, {
    planId,
    from,
  })
  expect(answer.status, answer.text).toBe(200)
}

type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>

/**
 * A sale from plans as a device's local database pushes it (decision 040): `sale`'s fields
 * over what a new document holds besides them, written now.
 */
export function asDeviceSale<Sale extends object>(sale: Sale) {
  const now = Date.now()
  return {
    id: crypto.randomUUID(),
    _deleted: false,
    ...UNTYPED_SALE_FIELDS,
    createdAt: now,
    updatedAt: now,
    seq: 0,
    fromPlan: true,
    commissions: [] as object[],
    ...sale,
  }
}

/** One document pushed to the sales collection as `client` (200 expected); the answer. */
export async function pushSale(client: Client, document: object): Promise<Pushed> {
  const answer = await client.post('/api/sync/v1/sales/push', {
    rows: [{ newDocumentState: document }],
  })
  expect(answer.status, answer.text).toBe(200)
  return answer.json
}
