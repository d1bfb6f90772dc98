import { expect } from 'vitest'
import type { createClient } from './http.ts'
import { readTables } from './sqlite.ts'

// What the commission-plan tests share: the tables a plan change may write, and the two
// calls every one of them starts with (a plan, a seller put on it).

type Client = ReturnType<typeof createClient>

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
