import { UserRoleSchema } from '#schema/role-schemas'
import type { SyncArea } from '#sync/account'
import { signInFirstSuperadmin, signInInvitedUser } from './accounts.ts'
import { type Client, createClient } from './http.ts'
import { buildSalePayload } from './sales.ts'
import { startTestServer } from './test-server.ts'

// The organisation the convergence runs play in: people of both areas with their
// sessions, and documents that every device of an area shares from the start.

/**
 * Someone who will hold a device: an area, a role in it (ROLE_PERMISSIONS / SALES_…), and
 * the remote collections the device replicates (all of the area's when absent).
 */
export type PersonSpec = { area: SyncArea; role: string; collections?: readonly string[] }

/** A signed-in person: whose device it is and the session cookies it carries. */
export type Person = PersonSpec & {
  name: string
  account: { organisationId: string; userId: string }
  cookies: Map<string, string>
}

/** Documents on the server before the devices start, by remote collection. */
export type SharedDocuments = {
  appConnections: string[]
  projects: string[]
  sellers: string[]
  /** The shared sales' lines (paid in parts through their sale's device copy). */
  commissions: { id: string; saleId: string }[]
  /** Sellers a sale's lines name (never edited: deactivating one ends a session). */
  saleSellers: string[]
}

async function expectCreated(answer: Promise<{ status: number; text: string; json: unknown }>) {
  const response = await answer
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`setup: ${response.status} ${response.text}`)
  }
  return response.json as Record<string, unknown> & { id: string }
}

async function signInSalesPerson(url: string, launcher: Client, role: string, index: number) {
  const email = `verkoop-${role.toLowerCase()}-${index}@example.com`
  const seller = await expectCreated(
    launcher.post('/api/gold-estates/sellers', { name: `Verkoop ${role} ${index}`, email }),
  )
  const link = await expectCreated(
    launcher.post(`/api/gold-estates/sellers/${seller.id}/login`, { role }),
  )
  const client = createClient(url)
  const password = `${role} sales password ${index}`
  const token = String(link.setupUrl).split('/setup/')[1]
  await expectCreated(client.post(`/api/auth/setup/${token}`, { password }))
  await expectCreated(client.post('/api/gold-estates/auth/login', { email, password }))
  const user = await expectCreated(client.get('/api/gold-estates/auth/user'))
  return { client, userId: user.id, organisationId: String(user.organizationId) }
}

async function seedSharedDocuments(root: Client): Promise<SharedDocuments> {
  const shared: SharedDocuments = {
    appConnections: [],
    projects: [],
    sellers: [],
    commissions: [],
    saleSellers: [],
  }
  for (let index = 1; index <= 8; index++) {
    const app = await expectCreated(
      root.post('/api/app-connections', {
        name: `Gedeelde app ${index}`,
        url: `https://gedeeld-${index}.example.com`,
        description: `Beginstand ${index}`,
      }),
    )
    shared.appConnections.push(app.id)
  }
  for (let index = 1; index <= 4; index++) {
    const project = await expectCreated(
      root.post('/api/gold-estates/projects', { name: `Gedeeld project ${index}`, totalUnits: 20 }),
    )
    shared.projects.push(project.id)
    const seller = await expectCreated(
      root.post('/api/gold-estates/sellers', { name: `Gedeelde verkoper ${index}` }),
    )
    shared.sellers.push(seller.id)
  }
  for (let index = 1; index <= 2; index++) {
    const seller = await expectCreated(
      root.post('/api/gold-estates/sellers', { name: `Vaste verkoper ${index}` }),
    )
    shared.saleSellers.push(seller.id)
  }
  for (const projectId of shared.projects.slice(0, 2)) {
    const sale = await expectCreated(
      root.post(
        '/api/gold-estates/sales',
        buildSalePayload({
          projectId,
          salePrice: 40_000_000,
          lines: shared.saleSellers.map((sellerId) => ({ sellerId, percentage: 50 })),
        }),
      ),
    )
    const lines = (await root.get('/api/gold-estates/commissions')).json as {
      id: string
      saleId: string
    }[]
    shared.commissions.push(
      ...lines.filter((line) => line.saleId === sale.id).map(({ id, saleId }) => ({ id, saleId })),
    )
  }
  return shared
}

/**
 * Sets up default-org in `dataDir` with a server of this process: the first SUPERADMIN,
 * one person per spec (central people invited with the CLI, sales people through a
 * seller's sign-in), Gold Estates launched and the shared documents. The server stops
 * afterwards; the sessions stay valid for the next server on the same data.
 */
export async function setUpOrganisation(dataDir: string, specs: readonly PersonSpec[]) {
  const server = await startTestServer({}, { dataDir })
  try {
    const root = await signInFirstSuperadmin(server)
    await expectCreated(root.post('/api/admin/launch-gold-estates'))
    const people: Person[] = []
    for (const [index, spec] of specs.entries()) {
      const name = `${spec.area}-${spec.role.toLowerCase()}-${index}`
      if (spec.area === 'central') {
        const client = await signInInvitedUser(server, {
          email: `${name}@example.com`,
          role: UserRoleSchema.parse(spec.role),
          name,
        })
        const user = await expectCreated(client.get('/api/auth/user'))
        const account = { organisationId: String(user.organizationId), userId: user.id }
        people.push({ ...spec, name, account, cookies: client.cookies })
      } else {
        const signedIn = await signInSalesPerson(server.url, root, spec.role, index)
        const account = { organisationId: signedIn.organisationId, userId: signedIn.userId }
        people.push({ ...spec, name, account, cookies: signedIn.client.cookies })
      }
    }
    return { people, shared: await seedSharedDocuments(root) }
  } finally {
    await server.close({ keepData: true })
  }
}
