import http from 'node:http'
import { format } from 'date-fns/format'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCommissionDashboard, buildDetailedStats } from '#schema/sales-dashboard'
import {
  signInFirstSuperadmin,
  signInInvitedUser,
  signInOtherOrganisationOwner,
} from '../support/accounts.ts'
import type { Project, Pulled, Sales, Seller } from '../support/answers.ts'
import { markLine } from '../support/api-gold-estates.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, createClient } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import {
  type ErrorAnswer,
  type PartOf,
  type TypedApi,
  typedClient,
} from '../support/typed-client.ts'

type GoldEstates = TypedApi['gold-estates']
type Projects = InferResponseType<GoldEstates['projects']['$get'], 200>
type Sale = InferResponseType<GoldEstates['sales']['$post'], 201>
type Commissions = InferResponseType<GoldEstates['commissions']['$get'], 200>
type Commission = InferResponseType<GoldEstates['commissions'][':id']['$patch'], 200>
type Dashboard = InferResponseType<GoldEstates['commissions']['dashboard']['$get'], 200>
type Stats = InferResponseType<GoldEstates['stats']['detailed']['$get'], 200>
type Settings = InferResponseType<GoldEstates['settings']['$patch'], 200>
// Without mail a seller's new sign-in answers its setup link.
type SellerLogin = Extract<
  InferResponseType<GoldEstates['sellers'][':id']['login']['$post'], 201>,
  { invited: false }
>
type SalesUser = InferResponseType<GoldEstates['auth']['user']['$get'], 200>
type SetUp = InferResponseType<TypedApi['auth']['setup'][':token']['$post'], 200>

/** One Gold Estates list or figure, as its route types it. */
const read = {
  projects: async (client: Client): Promise<Projects> =>
    (await client.get('/api/gold-estates/projects')).json,
  sales: async (client: Client): Promise<Sales> =>
    (await client.get('/api/gold-estates/sales')).json,
  commissions: async (client: Client): Promise<Commissions> =>
    (await client.get('/api/gold-estates/commissions')).json,
  dashboard: async (client: Client): Promise<Dashboard> =>
    (await client.get('/api/gold-estates/commissions/dashboard')).json,
  stats: async (client: Client): Promise<Stats> =>
    (await client.get('/api/gold-estates/stats/detailed')).json,
}

let server: TestServer
let root: Client
let projects: { id: string; name: string }[] = []
const sellers: { id: string; name: string }[] = []
let sellerClient: Client
const today = format(new Date(), 'yyyy-MM-dd')

async function pullAll(client: Client, collection: string) {
  const documents: Record<string, unknown>[] = []
  let checkpoint = 0
  for (;;) {
    const answer = await client.get(
      `/api/sync/v1/${collection}/pull?checkpoint=${checkpoint}&limit=100`,
    )
    expect(answer.status).toBe(200)
    const page: Pulled = answer.json
    documents.push(...page.documents)
    checkpoint = page.checkpoint.seq
    if (page.documents.length < 100) return documents.filter((doc) => !doc._deleted)
  }
}

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
})
afterAll(() => server.close())

describe('access', () => {
  test('only a SUPERADMIN launches Gold Estates; each launch is counted', async () => {
    const admin = await signInInvitedUser(server, {
      email: 'central-admin@example.com',
      role: 'ADMIN',
    })
    expect((await admin.post('/api/admin/launch-gold-estates')).status).toBe(403)
    const first = await root.post('/api/admin/launch-gold-estates')
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ url: '/gold-estates/dashboard' } satisfies InferResponseType<
      TypedApi['admin']['launch-gold-estates']['$post'],
      200
    >)
    expect(first.headers.get('set-cookie')).toMatch(/gold_estates_session=.*HttpOnly.*SameSite=Lax/)
    expect((await root.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const db = openOrganisationFile(server.dataDir)
    expect(db.prepare('select access_count from cross_app_access').pluck().all()).toEqual([2])
    expect(db.prepare('select role, status from sales_users').all()).toEqual([
      { role: 'ADMIN', status: 'active' },
    ])
    db.close()
    const me = await root.get('/api/gold-estates/auth/user')
    expect(me.json).toMatchObject({
      role: 'ADMIN',
      email: 'root@example.com',
    } satisfies PartOf<SalesUser>)
  })

  test('signing out of Centraal ends the launched Gold Estates session too', async () => {
    const admin = createClient(server.url)
    await admin.post('/api/auth/login/email', {
      email: 'root@example.com',
      password: 'root password',
    })
    expect((await admin.post('/api/admin/launch-gold-estates')).status).toBe(200)
    expect((await admin.get('/api/gold-estates/projects')).status).toBe(200)
    const logout = await admin.post('/api/logout')
    expect(logout.headers.get('set-cookie')).toMatch(/gold_estates_session=;/)
    expect((await admin.get('/api/gold-estates/projects')).status).toBe(401)
    expect((await admin.get('/api/auth/user')).status).toBe(401)
  })

  test("a call under an ended Gold Estates session leaves the browser's cookie alone", async () => {
    // Its answer may arrive after a new launch set the next session (decision 044).
    const admin = createClient(server.url)
    await admin.post('/api/auth/login/email', {
      email: 'root@example.com',
      password: 'root password',
    })
    expect((await admin.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const ended = admin.cookies.get('gold_estates_session') ?? ''
    expect((await admin.post('/api/logout')).status).toBe(200)
    const late = createClient(server.url)
    late.cookies.set('gold_estates_session', ended)
    for (const path of ['/api/gold-estates/projects', '/api/gold-estates/auth/user']) {
      const answer = await late.get(path)
      expect(answer.status, path).toBe(401)
      expect(answer.headers.getSetCookie(), path).toEqual([])
    }
  })

  test('on the sales host the dashboard URL has no prefix', async () => {
    // fetch may not set Host; a plain HTTP request can, as a browser on that host does.
    const cookie = [...root.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const body = await new Promise<string>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/admin/launch-gold-estates`,
        {
          method: 'POST',
          headers: { host: `sales.localhost:${new URL(server.url).port}`, cookie },
        },
        (response) => {
          let text = ''
          response.on('data', (chunk) => (text += chunk))
          response.on('end', () => resolve(text))
        },
      )
      request.on('error', reject)
      request.end()
    })
    expect(JSON.parse(body)).toEqual({ url: '/dashboard' })
  })

  test('a central session cannot call sales APIs, and a sales session not central ones', async () => {
    const centralOnly = await signInInvitedUser(server, {
      email: 'only-central@example.com',
      role: 'USER',
    })
    for (const path of [
      '/api/gold-estates/projects',
      '/api/gold-estates/commissions/dashboard',
      '/api/gold-estates/stats/detailed',
    ]) {
      expect((await centralOnly.get(path)).status).toBe(401)
    }
    expect((await centralOnly.get('/api/sync/v1/sales/pull')).status).toBe(401)
    const salesOnly = createClient(server.url)
    salesOnly.cookies.set('gold_estates_session', root.cookies.get('gold_estates_session') ?? '')
    expect((await salesOnly.get('/api/gold-estates/projects')).status).toBe(200)
    expect((await salesOnly.get('/api/users')).status).toBe(401)
    expect((await salesOnly.get('/api/sync/v1/users/pull')).status).toBe(401)
  })
})

describe('projects, sellers and the seller sign-in', () => {
  test('an ADMIN creates projects and sellers; bad input is 400', async () => {
    expect((await root.post('/api/gold-estates/projects', { name: '' })).status).toBe(400)
    for (const project of [
      { name: 'Havenkwartier', location: 'Rotterdam', label: 'Nieuwbouw', totalUnits: 40 },
      { name: 'Parkzicht', location: 'Utrecht', label: 'Bestaand', totalUnits: 12 },
    ]) {
      const response = await root.post('/api/gold-estates/projects', project)
      expect(response.status).toBe(201)
      projects.push(response.json as Project)
    }
    expect((await root.post('/api/gold-estates/sellers', { name: 'S', email: 'x' })).status).toBe(
      400,
    )
    for (const seller of [
      { name: 'Sanne Setter', email: 'sanne@example.com', role: 'setter' },
      { name: 'Cor Closer', email: 'cor@example.com', role: 'closer' },
      { name: 'Iris ISA', email: 'iris@example.com', role: 'ISA' },
    ]) {
      const response = await root.post('/api/gold-estates/sellers', seller)
      expect(response.status).toBe(201)
      sellers.push(response.json as Seller)
    }
    projects = [...(await read.projects(root))]
    expect(projects.map((project) => project.name).sort()).toEqual(['Havenkwartier', 'Parkzicht'])
  })

  test('a seller gets a sign-in through a setup link and signs in at the sales login', async () => {
    const sanne = sellers[0]!
    const invite = await root.post(`/api/gold-estates/sellers/${sanne.id}/login`, {
      role: 'SELLER',
    })
    expect(invite.status).toBe(201)
    const token = (invite.json as SellerLogin).setupUrl.split('/setup/')[1]
    sellerClient = createClient(server.url)
    const setup = await sellerClient.post(`/api/auth/setup/${token}`, {
      password: 'sanne password',
    })
    expect((setup.json as SetUp).loginPath).toBe('/gold-estates/login')
    const wrong = await sellerClient.post('/api/gold-estates/auth/login', {
      email: 'sanne@example.com',
      password: 'nope',
    })
    expectRefusal(wrong, 401, 'Ongeldig e-mailadres of wachtwoord')
    const login = await sellerClient.post('/api/gold-estates/auth/login', {
      email: 'Sanne@example.com',
      password: 'sanne password',
    })
    expect(login.status).toBe(200)
    expect((await sellerClient.get('/api/gold-estates/auth/user')).json).toMatchObject({
      role: 'SELLER',
      sellerId: sanne.id,
    } satisfies PartOf<SalesUser>)
    expect((await sellerClient.get('/api/auth/user')).status).toBe(401)
  })

  test('a SELLER cannot change projects, sellers or settings', async () => {
    expect((await sellerClient.post('/api/gold-estates/projects', { name: 'Mine' })).status).toBe(
      403,
    )
    expect(
      (
        await sellerClient.request('PATCH', `/api/gold-estates/sellers/${sellers[1]!.id}`, {
          name: 'Hacked',
        })
      ).status,
    ).toBe(403)
    expect(
      (await sellerClient.request('PATCH', '/api/gold-estates/settings', { paymentTermDays: 1 }))
        .status,
    ).toBe(403)
  })
})

describe('sales', () => {
  test("a sale is stored with the server's amounts, pending lines and a payment date", async () => {
    const [sanne, cor, iris] = sellers
    const payload = buildSalePayload({
      projectId: projects[0]!.id,
      salePrice: 34_500_000,
      commissionPercentage: 2.5,
      discountPercentage: 10,
      totalCosts: 50_000,
      saleDate: '2026-11-02',
      lines: [
        { sellerId: sanne!.id, percentage: 40, role: 'setter' },
        { sellerId: cor!.id, percentage: 60, role: 'closer' },
        { sellerId: iris!.id, percentage: 10, commissionType: 'referral' },
      ],
    })
    const response = await root.post('/api/gold-estates/sales', payload)
    expect(response.status).toBe(201)
    expect(response.json).toMatchObject({
      status: 'completed',
      commissionAmount: 726_250,
      saleDate: '2026-11-02',
    } satisfies PartOf<Sale>)
    const lines = await read.commissions(root)
    expect(lines.map((line) => line.commissionAmount)).toEqual([290_500, 435_750, 72_625])
    expect(
      lines.every((line) => line.status === 'pending' && line.expectedPaymentDate === '2026-12-02'),
    ).toBe(true)
    const project = (await read.projects(root)).find((row) => row.id === projects[0]!.id)
    expect(project?.soldUnits).toBe(1)
  })

  test('refuses amounts more than a cent off, naming the field', async () => {
    const payload = buildSalePayload({
      projectId: projects[1]!.id,
      salePrice: 10_000_000,
      lines: [{ sellerId: sellers[1]!.id, percentage: 100 }],
    })
    const offByTwo = await root.post('/api/gold-estates/sales', {
      ...payload,
      commissionAmount: payload.commissionAmount + 2,
    })
    expectRefusal(offByTwo, 400, /^commissionAmount: verwacht 500000 cent/)
    const badLine = {
      ...payload,
      commissions: [{ ...payload.commissions[0]!, commissionAmount: 1 }],
    }
    expect(
      ((await root.post('/api/gold-estates/sales', badLine)).json as ErrorAnswer).message,
    ).toMatch(/^commissions\.0\.commissionAmount/)
    const offByOne = await root.post('/api/gold-estates/sales', {
      ...payload,
      commissionAmount: payload.commissionAmount + 1,
    })
    expect(offByOne.status).toBe(201)
    expect((offByOne.json as Sale).commissionAmount).toBe(500_000)
  })

  test('refuses bad percentages, negative money and unknown projects or sellers', async () => {
    const payload = buildSalePayload({
      projectId: projects[1]!.id,
      salePrice: 1_000_000,
      lines: [{ sellerId: sellers[1]!.id, percentage: 100 }],
    })
    expect(
      (await root.post('/api/gold-estates/sales', { ...payload, commissionPercentage: 101 }))
        .status,
    ).toBe(400)
    expect((await root.post('/api/gold-estates/sales', { ...payload, salePrice: -1 })).status).toBe(
      400,
    )
    expect(
      (await root.post('/api/gold-estates/sales', { ...payload, totalCosts: -5 })).status,
    ).toBe(400)
    const unknownProject = await root.post('/api/gold-estates/sales', {
      ...payload,
      projectId: 'nope',
    })
    expect((unknownProject.json as ErrorAnswer).message).toMatch(/^projectId: Project bestaat niet/)
    const unknownSeller = await root.post('/api/gold-estates/sales', {
      ...payload,
      commissions: [{ ...payload.commissions[0]!, sellerId: 'ghost' }],
    })
    expect((unknownSeller.json as ErrorAnswer).message).toMatch(/^commissions\.0\.sellerId/)
  })

  test('a SELLER registers only sales with their own line and sees only those', async () => {
    const [sanne, cor] = sellers
    const notMine = buildSalePayload({
      projectId: projects[1]!.id,
      salePrice: 20_000_000,
      lines: [{ sellerId: cor!.id, percentage: 100 }],
    })
    expect((await sellerClient.post('/api/gold-estates/sales', notMine)).status).toBe(403)
    const mine = buildSalePayload({
      projectId: projects[1]!.id,
      clientName: 'Eigen Klant',
      salePrice: 20_000_000,
      lines: [
        { sellerId: sanne!.id, percentage: 50 },
        { sellerId: cor!.id, percentage: 50 },
      ],
    })
    expect((await sellerClient.post('/api/gold-estates/sales', mine)).status).toBe(201)

    const allSales = await read.sales(root)
    const seenSales = await read.sales(sellerClient)
    expect(allSales.length).toBe(3)
    expect(seenSales.map((sale: { clientName: string }) => sale.clientName).sort()).toEqual([
      'Eigen Klant',
      'Klant de Vries',
    ])
    const seenLines = await read.commissions(sellerClient)
    expect(seenLines.every((line: { sellerId: string }) => line.sellerId === sanne!.id)).toBe(true)
    expect((await pullAll(sellerClient, 'sales')).length).toBe(2)
    expect(
      (await pullAll(sellerClient, 'commissions')).every((line) => line.sellerId === sanne!.id),
    ).toBe(true)
  })

  test('ADMIN marks a commission paid and back (undo); a SELLER may not', async () => {
    const line = (await read.commissions(root))[0]!
    expect((await markLine(sellerClient, line.id, 'paid')).status).toBe(403)
    const paid = await markLine(root, line.id, 'paid')
    expect((paid.json as Commission).status).toBe('paid')
    expect((paid.json as Commission).paidAt).toBeGreaterThan(0)
    const undone = await markLine(root, line.id, 'pending')
    expect(undone.json).toMatchObject({
      status: 'pending',
      paidAt: null,
    } satisfies PartOf<Commission>)
    expect((await markLine(root, line.id, 'overdue')).status).toBe(400)
    await markLine(root, line.id, 'paid')
  })
})

describe('dashboards', () => {
  test('the endpoints give the numbers the shared aggregation gives over the replicated data', async () => {
    const data = {
      sales: await pullAll(root, 'sales'),
      commissions: await pullAll(root, 'commissions'),
      projects: await pullAll(root, 'projects'),
      sellers: await pullAll(root, 'sellers'),
    } as unknown as Parameters<typeof buildCommissionDashboard>[0]
    const strip = (value: unknown) => JSON.parse(JSON.stringify(value))
    const dashboard = await read.dashboard(root)
    expect(dashboard).toEqual(strip(buildCommissionDashboard(data, {}, today)))
    const filters = {
      projectId: projects[1]!.id,
      sellerId: sellers[1]!.id,
      dateFrom: '2020-01-01',
      dateTo: today,
    }
    const filtered: Dashboard = (
      await root.get(`/api/gold-estates/commissions/dashboard?${new URLSearchParams(filters)}`)
    ).json
    expect(filtered).toEqual(strip(buildCommissionDashboard(data, filters, today)))
    expect(filtered.totalSales).toBe(2)
    expect(await read.stats(root)).toEqual(strip(buildDetailedStats(data, today)))
    expect(
      (await root.get('/api/gold-estates/commissions/dashboard?dateFrom=yesterday')).status,
    ).toBe(400)
  })

  test('every write shows in the next dashboard: a new sale, a payment, a renamed project', async () => {
    const before = await read.dashboard(root)
    const sale = await root.post(
      '/api/gold-estates/sales',
      buildSalePayload({
        projectId: projects[0]!.id,
        clientName: 'Klant Vers',
        propertyNumber: 'V-1',
        salePrice: 20_000_000,
        lines: [{ sellerId: sellers[0]!.id, percentage: 100 }],
      }),
    )
    expect(sale.status).toBe(201)
    const line = (await read.commissions(root)).find(
      (item) => item.saleId === (sale.json as Sale).id,
    )!
    const added = await read.dashboard(root)
    expect(added.totalSales).toBe(before.totalSales + 1)
    expect(added.pendingCommissions).toBe(before.pendingCommissions + line.commissionAmount)
    await markLine(root, line.id, 'paid')
    const paid = await read.dashboard(root)
    expect(paid.paidCommissions).toBe(before.paidCommissions + line.commissionAmount)
    expect(paid.pendingCommissions).toBe(before.pendingCommissions)
    await root.request('PATCH', `/api/gold-estates/projects/${projects[0]!.id}`, {
      name: 'Hernoemd Project',
    })
    const renamed = await read.dashboard(root)
    expect(renamed.projectBreakdown.map((item: { name: string }) => item.name)).toContain(
      'Hernoemd Project',
    )
    projects[0]!.name = 'Hernoemd Project'
  })

  test('the dashboard totals follow the commission life cycle', async () => {
    const dashboard = await read.dashboard(root)
    const lines = await (
      await typedClient(server.url, root.cookies)['gold-estates'].commissions.$get()
    ).json()
    const sum = (filter: (line: (typeof lines)[number]) => boolean) =>
      lines.filter(filter).reduce((total, line) => total + line.commissionAmount, 0)
    expect(dashboard.paidCommissions).toBe(sum((line) => line.status === 'paid'))
    expect(dashboard.overdueCommissions).toBe(
      sum(
        (line) =>
          line.status === 'pending' &&
          line.expectedPaymentDate !== null &&
          line.expectedPaymentDate < today,
      ),
    )
    expect(dashboard.pendingCommissions).toBe(
      sum(
        (line) =>
          line.status === 'pending' &&
          line.expectedPaymentDate !== null &&
          line.expectedPaymentDate >= today,
      ),
    )
  })
})

describe('settings', () => {
  test('only a sales ADMIN saves; the API key never comes back in full', async () => {
    const saved = await root.request('PATCH', '/api/gold-estates/settings', {
      xmsEnabled: true,
      xmsWebhookUrl: 'https://crm.example.com/hook',
      xmsApiKey: 'secret-key-1234',
      subdomain: null,
      paymentTermDays: 45,
      currency: 'USD',
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({
      xmsEnabled: true,
      paymentTermDays: 45,
      currency: 'USD',
      subdomain: 'sales.localhost',
    } satisfies PartOf<Settings>)
    expect((saved.json as Settings).xmsApiKey).toBe('••••••••1234')
    expect(
      JSON.stringify((await sellerClient.get('/api/gold-estates/settings')).json),
    ).not.toContain('secret-key')
    const again = await root.request('PATCH', '/api/gold-estates/settings', {
      xmsApiKey: (saved.json as Settings).xmsApiKey,
    })
    expect((again.json as Settings).xmsApiKey).toBe('••••••••1234')
    expect(
      (await root.request('PATCH', '/api/gold-estates/settings', { xmsWebhookUrl: 'not a url' }))
        .status,
    ).toBe(400)
  })
})

describe('organisations stay apart', () => {
  test('an org-B sales session reaches nothing of org A', async () => {
    const bRoot = await signInOtherOrganisationOwner(server)
    expect(await read.sales(bRoot)).toEqual([])
    expect(await read.projects(bRoot)).toEqual([])
    expect(await pullAll(bRoot, 'commissions')).toEqual([])
    const line = (await read.commissions(root))[0]!
    expect((await markLine(bRoot, line.id, 'pending')).status).toBe(404)
    const sale = buildSalePayload({ projectId: projects[0]!.id, salePrice: 100, lines: [] })
    expect(
      ((await bRoot.post('/api/gold-estates/sales', sale)).json as ErrorAnswer).message,
    ).toMatch(/Project bestaat niet/)
  })
})
