import { writeFileSync } from 'node:fs'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import type { DeviceAccount, LoadOrganisation } from '../bench/load/messages.ts'
import { signInFirstSuperadmin, signInInvitedUser, signInSeller } from './accounts.ts'
import { type Client, cookieOf, createClient } from './http.ts'
import { buildSalePayload } from './sales.ts'
import { seedSales } from './seed-organisation.ts'
import { startTestServer, type TestServer } from './test-server.ts'

// Organisations and signed-in devices for the load bench (sync-load.bench.ts), made through
// the API of a server in this process; the sessions outlive it, so the bench hands them to
// a server and a load generator in processes of their own.

/** Runs `make` for 0..count-1, a few at a time (each sign-in is an argon2 hash or check). */
async function inBatches<Item>(count: number, make: (index: number) => Promise<Item>) {
  const made: Item[] = []
  for (let at = 0; at < count; at += 4) {
    const batch = Array.from({ length: Math.min(4, count - at) }, (_, offset) => make(at + offset))
    made.push(...(await Promise.all(batch)))
  }
  return made
}

/** An organisation with Gold Estates launched by its owner, one project and one seller. */
async function createLoadOrganisation(server: TestServer, id: string) {
  await createOrganisation(server.deps, { id, name: `Belasting ${id}`, slug: id })
  const owner = await signInInvitedUser(server, {
    email: `owner@${id}.example`,
    role: 'SUPERADMIN',
    org: id,
  })
  const launch = await owner.post('/api/admin/launch-gold-estates')
  if (launch.status !== 200) throw new Error(`launch: ${launch.status} ${launch.text}`)
  const project = await owner.post('/api/gold-estates/projects', { name: 'Havenkwartier' })
  const seller = await owner.post('/api/gold-estates/sellers', { name: 'Cor Closer' })
  if (project.status !== 201 || seller.status !== 201) throw new Error('project or seller')
  const organisation: LoadOrganisation = {
    id,
    writerCookie: cookieOf(owner),
    saleTemplate: buildSalePayload({
      projectId: project.json.id,
      salePrice: 45_000_000,
      lines: [{ sellerId: seller.json.id, percentage: 100 }],
    }),
  }
  return { owner, organisation }
}

/** A device: its own central account and its own sales MANAGER account, each signed in. */
async function createDevice(server: TestServer, owner: Client, id: string, index: number) {
  const central = await signInInvitedUser(server, {
    email: `device${index}@${id}.example`,
    role: 'USER',
    org: id,
  })
  const email = `seller${index}@${id}.example`
  const seller = await owner.post('/api/gold-estates/sellers', { name: `Apparaat ${index}`, email })
  if (seller.status !== 201) throw new Error(`seller: ${seller.status} ${seller.text}`)
  const sales = await signInSeller(server, owner, { id: seller.json.id, email, role: 'MANAGER' })
  const account: DeviceAccount = {
    organisationId: id,
    centralCookie: cookieOf(central),
    salesCookie: cookieOf(sales),
  }
  return { account, email }
}

/** A further sales session of a device's account (the idle devices). */
async function signInAgain(server: TestServer, email: string) {
  const client = createClient(server.url)
  const login = await client.post('/api/gold-estates/auth/login', {
    email,
    password: `${email} password`,
  })
  if (login.status !== 200) throw new Error(`sales login: ${login.status} ${login.text}`)
  return cookieOf(client)
}

/**
 * `organisationCount` organisations (load-1, load-2, …) of `devicesEach` devices (over
 * `accountsEach` accounts, signed in again for the further devices) and
 * `idleEach` further sales sessions each (the devices' accounts signed in again). With
 * `archiveSales`, also an organisation of that many sales whose JSON backup is written to
 * `backupFile`, with its owner's central cookie to restore it. `hasSuperadmin`: the data
 * directory already has its first SUPERADMIN (another setup made it).
 */
export async function createLoadOrganisations(
  server: TestServer,
  options: {
    organisationCount: number
    devicesEach: number
    /** Accounts the devices are spread over (each its own when absent; a sign-in is an argon2 hash). */
    accountsEach?: number
    idleEach: number
    archiveSales?: number
    backupFile?: string
    hasSuperadmin?: boolean
  },
) {
  if (!options.hasSuperadmin) await signInFirstSuperadmin(server)
  const organisations: LoadOrganisation[] = []
  const devices: DeviceAccount[] = []
  const idleDevices: DeviceAccount[] = []
  for (let number = 1; number <= options.organisationCount; number++) {
    const id = `load-${number}`
    const { owner, organisation } = await createLoadOrganisation(server, id)
    organisations.push(organisation)
    const accounts = Math.min(options.accountsEach ?? options.devicesEach, options.devicesEach)
    const made = await inBatches(accounts, (index) => createDevice(server, owner, id, index))
    /** Further devices of the accounts made, each with a sales session of its own. */
    const signInDevicesAgain = (count: number) =>
      inBatches(count, async (index) => {
        const device = made[index % made.length]!
        return { ...device.account, salesCookie: await signInAgain(server, device.email) }
      })
    devices.push(...made.map((device) => device.account))
    devices.push(...(await signInDevicesAgain(options.devicesEach - accounts)))
    idleDevices.push(...(await signInDevicesAgain(options.idleEach)))
  }
  const restore =
    options.archiveSales && options.backupFile
      ? await createArchive(server, options.archiveSales, options.backupFile)
      : undefined
  return { organisations, devices, idleDevices, restore }
}

/** The organisations and device sessions createLoadOrganisations made. */
export type LoadAccounts = Awaited<ReturnType<typeof createLoadOrganisations>>

/**
 * createLoadOrganisations on `dataDir`, through a server this process starts on it and
 * closes after, the data kept: the bench's own servers then run on the same data.
 * `alsoMake` makes what else the bench wants made there (idle organisations).
 */
export async function createLoadOrganisationsIn(
  dataDir: string,
  options: Parameters<typeof createLoadOrganisations>[1],
  alsoMake?: (setup: TestServer) => Promise<void>,
): Promise<LoadAccounts> {
  const setup = await startTestServer({}, { dataDir })
  try {
    const made = await createLoadOrganisations(setup, options)
    await alsoMake?.(setup)
    return made
  } finally {
    await setup.close({ keepData: true })
  }
}

/** An organisation of `sales` sales, its JSON backup in `backupFile`: what a restore sends. */
async function createArchive(server: TestServer, sales: number, backupFile: string) {
  const { owner: archiveOwner } = await createLoadOrganisation(server, 'archive')
  seedSales(server.deps.organisations.get('archive'), 'archive', sales)
  // The seeding held this process's event loop for seconds: the server now closes the
  // idle kept-alive sockets it owes, and the next request must not be sent on one of them.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const backup = await archiveOwner.post('/api/admin/backup', { format: 'json' })
  if (backup.status !== 200) throw new Error(`backup: ${backup.status}`)
  writeFileSync(backupFile, backup.text)
  return { cookie: cookieOf(archiveOwner), file: backupFile }
}
