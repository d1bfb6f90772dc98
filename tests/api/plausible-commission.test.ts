import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  addSellers,
  signInFirstSuperadminWithGoldEstates,
  signInOtherOrganisationOwner,
  signInRegisteredStranger,
} from '../support/accounts.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { type Client, createClient } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

// Issue 45: the plausible commission % of a sales organisation (default 10), which lists
// the sales above it for the sales ADMIN. Only that ADMIN changes it, within (0, 100] and
// four decimals; a SELLER, a MANAGER, a stranger and another organisation cannot; and a
// sale's own percentages are still held to 0–100 by the server.

let server: TestServer
let admin: Client
let seller: Client
let manager: Client
let projectId: string
let sellerId: string

const SETTINGS = '/api/gold-estates/settings'
type Settings = InferResponseType<TypedApi['gold-estates']['settings']['$get'], 200>
type Sale = InferResponseType<TypedApi['gold-estates']['sales']['$post'], 201>
const readBound = async (client: Client) => {
  const settings: Settings = (await client.get(SETTINGS)).json
  return settings.plausibleCommissionPercentage
}

beforeAll(async () => {
  server = await startTestServer({ REGISTRATION: 'open' })
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Havenkwartier')
  const team = await addSellers(server, admin, { sanne: 'Sanne', maria: 'Maria' })
  sellerId = team.ids.sanne
  seller = await team.signIn('sanne', 'SELLER')
  manager = await team.signIn('maria', 'MANAGER')
})
afterAll(() => server.close())

describe('the plausible commission %', () => {
  test('is 10 until set, and a sales ADMIN sets it (a Dutch 12,5 sent as 12.5)', async () => {
    expect(await readBound(admin)).toBe(10)
    const saved = await admin.request('PATCH', SETTINGS, { plausibleCommissionPercentage: 12.5 })
    expect(saved.status).toBe(200)
    const settings: InferResponseType<TypedApi['gold-estates']['settings']['$patch'], 200> =
      saved.json
    expect(settings.plausibleCommissionPercentage).toBe(12.5)
    expect(await readBound(admin)).toBe(12.5)
    // Everyone's screens read it as they read the currency; only the ADMIN's list uses it.
    expect(await readBound(seller)).toBe(12.5)
  })

  test.each([
    [0, 'Plausibele commissie moet groter dan 0 en hoogstens 100 zijn'],
    [-5, 'Plausibele commissie moet groter dan 0 en hoogstens 100 zijn'],
    [100.5, 'Plausibele commissie moet groter dan 0 en hoogstens 100 zijn'],
    ['10', 'Plausibele commissie moet groter dan 0 en hoogstens 100 zijn'],
    [null, 'Plausibele commissie moet groter dan 0 en hoogstens 100 zijn'],
    [2.12345, 'Percentage heeft hoogstens vier decimalen'],
  ])('%j is refused with a 400 and nothing changes', async (value, message) => {
    const answer = await admin.request('PATCH', SETTINGS, { plausibleCommissionPercentage: value })
    expect(answer.status).toBe(400)
    const refusal: ErrorAnswer = answer.json
    expect(refusal.message).toContain(message)
    expect(await readBound(admin)).toBe(12.5)
  })

  test('a SELLER, a MANAGER, a stranger and a visitor cannot change it', async () => {
    const stranger = await signInRegisteredStranger(server)
    for (const [client, status] of [
      [seller, 403],
      [manager, 403],
      [stranger, 401],
      [createClient(server.url), 401],
    ] as const) {
      const answer = await client.request('PATCH', SETTINGS, { plausibleCommissionPercentage: 50 })
      expect(answer.status).toBe(status)
    }
    expect(await readBound(admin)).toBe(12.5)
  })

  test("another organisation's sales ADMIN changes only their own", async () => {
    const other = await signInOtherOrganisationOwner(server)
    expect(await readBound(other)).toBe(10)
    const saved = await other.request('PATCH', SETTINGS, { plausibleCommissionPercentage: 30 })
    expect(saved.status).toBe(200)
    expect(await readBound(other)).toBe(30)
    expect(await readBound(admin)).toBe(12.5)
  })
})

describe("a sale's percentages on the server", () => {
  const sale = (commissionPercentage: number, percentage = 100) =>
    buildSalePayload({
      projectId,
      salePrice: 31_000_000,
      commissionPercentage,
      lines: [{ sellerId, percentage }],
    })

  test('2.5 % of € 310.000 is stored as 2.5 with € 7.750 gross', async () => {
    const created = await admin.post('/api/gold-estates/sales', sale(2.5))
    expect(created.status).toBe(201)
    const stored: Sale = created.json
    expect(stored).toMatchObject({
      commissionPercentage: 2.5,
      commissionAmount: 775_000,
    } satisfies PartOf<typeof stored>)
  })

  // Built once the project exists.
  test.each([
    [() => sale(125), 'commissionPercentage: Percentage moet tussen 0 en 100 liggen'],
    [() => sale(-2.5), 'commissionPercentage: Percentage moet tussen 0 en 100 liggen'],
    [() => sale(2.12345), 'commissionPercentage: Percentage heeft hoogstens vier decimalen'],
    [() => sale(2.5, 101), 'commissions.0.commissionPercentage: Percentage moet tussen 0 en 100'],
    [
      () => ({ ...sale(2.5), discountPercentage: '2,5' }),
      'discountPercentage: Percentage moet een',
    ],
  ])('%#: a percentage out of range is a 400 that says which', async (build, message) => {
    const answer = await admin.post('/api/gold-estates/sales', build())
    expect(answer.status).toBe(400)
    const refusal: ErrorAnswer = answer.json
    expect(refusal.message).toContain(message)
  })
})
