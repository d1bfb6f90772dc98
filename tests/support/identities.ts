import type { UserRole } from '#schema/roles'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInFirstSuperadmin, signInInvitedUser } from './accounts.ts'
import { type Client, createClient } from './http.ts'
import { buildSalePayload } from './sales.ts'
import type { TestServer } from './test-server.ts'

/** Everyone the permission matrix asks, in the order of its columns. */
export const IDENTITIES = [
  'signedOut',
  'registrant',
  'user',
  'manager',
  'admin',
  'customerOwner',
  'platformOwner',
  'otherAdmin',
  'seller',
  'salesManager',
  'salesAdmin',
] as const
export type Identity = (typeof IDENTITIES)[number]

/** Rows the matrix's requests aim at, in default-org unless named otherwise. */
export type MatrixTargets = {
  userId: string
  appId: string
  projectId: string
  sellerId: string
  /** The SELLER's own seller row: a sale they register must carry their line. */
  ownSellerId: string
  commissionId: string
  /** The sale of commissionId, with one line: the SELLER's. */
  saleId: string
  /**
   * Sales the SELLER registered "Ter beoordeling", one per caller and action, so each
   * approval or rejection in the matrix meets a sale still under review.
   */
  reviewSaleIds: Record<'approve' | 'reject', Partial<Record<Identity, string>>>
  /** The version (seq) of each sale of reviewSaleIds, which a review names. */
  reviewSaleSeqs: Record<string, number>
}

/** A client of the same person whose cookie changes stay its own (launch, logout). */
export function cloneClient(server: TestServer, client: Client): Client {
  const copy = createClient(server.url)
  for (const [name, value] of client.cookies) copy.cookies.set(name, value)
  return copy
}

async function expectStatus(response: Promise<{ status: number; text: string }>, status: number) {
  const answer = await response
  if (answer.status !== status)
    throw new Error(`expected ${status}: ${answer.status} ${answer.text}`)
  // biome-ignore lint/suspicious/noExplicitAny: setup reads answers field by field
  return answer as { status: number; text: string; json: any }
}

/** A Gold Estates sign-in with a sales role, made by a sales ADMIN through a seller. */
async function signInSalesRole(
  server: TestServer,
  salesAdmin: Client,
  role: 'SELLER' | 'MANAGER' | 'ADMIN',
) {
  const email = `${role.toLowerCase()}-sales@example.com`
  const seller = await expectStatus(
    salesAdmin.post('/api/gold-estates/sellers', { name: `${role} verkoper`, email }),
    201,
  )
  const link = await expectStatus(
    salesAdmin.post(`/api/gold-estates/sellers/${seller.json.id}/login`, { role }),
    201,
  )
  const client = createClient(server.url)
  const password = `${role} sales password`
  await expectStatus(
    client.post(`/api/auth/setup/${link.json.setupUrl.split('/setup/')[1]}`, { password }),
    200,
  )
  await expectStatus(client.post('/api/gold-estates/auth/login', { email, password }), 200)
  return { client, sellerId: seller.json.id as string }
}

/**
 * Signs in one person of each identity: default-org's platform owner, USER, MANAGER and
 * ADMIN; the owner of customer organisation org-c; an ADMIN of org-b; a registrant still
 * awaiting approval; three Gold Estates sign-ins (SELLER, MANAGER, ADMIN) of default-org.
 * Also creates the rows the requests aim at.
 */
export async function signInIdentities(server: TestServer) {
  const platformOwner = await signInFirstSuperadmin(server)
  await createOrganisation(server.deps, { id: 'org-b', name: 'Organisatie B', slug: 'org-b' })
  await createOrganisation(server.deps, { id: 'org-c', name: 'Klant C', slug: 'org-c' })
  const invite = (email: string, role: UserRole, org?: string) =>
    signInInvitedUser(server, { email, role, org })
  const registrant = createClient(server.url)
  const registration = {
    name: 'Rita Registrant',
    email: 'rita@example.com',
    password: 'rita pw 123',
  }
  await expectStatus(registrant.post('/api/auth/register/email', registration), 201)
  const refused = await registrant.post('/api/auth/login/email', registration)
  if (refused.status !== 403 && !process.env.TMP)
    throw new Error(`registrant signed in: ${refused.status}`)

  const launcher = cloneClient(server, platformOwner)
  await expectStatus(launcher.post('/api/admin/launch-gold-estates'), 200)
  const seller = await signInSalesRole(server, launcher, 'SELLER')
  const salesManager = await signInSalesRole(server, launcher, 'MANAGER')
  const salesAdmin = await signInSalesRole(server, launcher, 'ADMIN')

  const project = await expectStatus(
    launcher.post('/api/gold-estates/projects', { name: 'Doelproject', totalUnits: 10 }),
    201,
  )
  const target = await expectStatus(
    launcher.post('/api/gold-estates/sellers', { name: 'Doel Verkoper', email: 't@example.com' }),
    201,
  )
  const sale = await expectStatus(
    launcher.post(
      '/api/gold-estates/sales',
      buildSalePayload({
        projectId: project.json.id,
        salePrice: 300_000_00,
        lines: [{ sellerId: seller.sellerId, percentage: 100 }],
      }),
    ),
    201,
  )
  const commissions = (await launcher.get('/api/gold-estates/commissions')).json as {
    id: string
    saleId: string
  }[]
  const commission = commissions.find((line) => line.saleId === sale.json.id)
  // Two lines of 100 % to the SELLER themselves: held for review.
  const reviewSaleSeqs: MatrixTargets['reviewSaleSeqs'] = {}
  const registerForReview = async () => {
    const { json } = await expectStatus(
      seller.client.post(
        '/api/gold-estates/sales',
        buildSalePayload({
          projectId: project.json.id,
          salePrice: 100_000_00,
          lines: [
            { sellerId: seller.sellerId, percentage: 100 },
            { sellerId: seller.sellerId, percentage: 100 },
          ],
        }),
      ),
      201,
    )
    reviewSaleSeqs[json.id] = json.seq
    return json.id as string
  }
  const reviewSaleIds: MatrixTargets['reviewSaleIds'] = { approve: {}, reject: {} }
  for (const action of ['approve', 'reject'] as const) {
    for (const who of ['seller', 'salesManager', 'salesAdmin'] as const) {
      reviewSaleIds[action][who] = await registerForReview()
    }
  }
  const user = await expectStatus(
    platformOwner.post('/api/users', { name: 'Doel Gebruiker', email: 'doel@example.com' }),
    201,
  )
  const app = await expectStatus(
    platformOwner.post('/api/app-connections', { name: 'Doel App', url: 'https://app.example' }),
    201,
  )

  const clients: Record<Identity, Client> = {
    signedOut: createClient(server.url),
    registrant,
    user: await invite('user@example.com', 'USER'),
    manager: await invite('manager@example.com', 'MANAGER'),
    admin: await invite('admin@example.com', 'ADMIN'),
    customerOwner: await invite('owner@klant-c.example', 'SUPERADMIN', 'org-c'),
    platformOwner,
    otherAdmin: await invite('admin@org-b.example', 'ADMIN', 'org-b'),
    seller: seller.client,
    salesManager: salesManager.client,
    salesAdmin: salesAdmin.client,
  }
  const targets: MatrixTargets = {
    userId: user.json.id,
    appId: app.json.id,
    projectId: project.json.id,
    sellerId: target.json.id,
    ownSellerId: seller.sellerId,
    commissionId: commission?.id ?? '',
    saleId: sale.json.id,
    reviewSaleIds,
    reviewSaleSeqs,
  }
  return { clients, targets }
}
