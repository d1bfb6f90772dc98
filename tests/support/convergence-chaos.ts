import type { RxDocument } from 'rxdb'
import { v7 as uuidv7 } from 'uuid'
import { APP_STATUSES } from '#schema/central'
import { type PermissionName, ROLE_PERMISSIONS, SALES_ROLE_PERMISSIONS } from '#schema/permissions'
import type { SalesRole, UserRole } from '#schema/roles'
import type { CommissionDocument } from '#schema/sales'
import { SERVER_COLLECTIONS } from '#server/replication/collections/index'
import type { WireDocument } from '#sync/protocol'
import type { Person, SharedDocuments } from './convergence-organisation.ts'
import { buildSalePayload } from './sales.ts'
import type { SeededRandom } from './seeded-random.ts'
import type { NodeSyncClient } from './sync-node-client.ts'

// What people do on their devices during a convergence run: create, edit and delete
// shared and own documents, register sales, mark commissions paid, and lose the network
// for a while. Every write goes into the ledger, the record the checks hold the server to.

/** One write made on a device, and whether the person's rights allow it. */
export type LedgerWrite = {
  device: string
  remote: string
  id: string
  kind: 'create' | 'update' | 'delete'
  isAllowed: boolean
  /** When the device wrote it, epoch ms (as a refusal's `at`). */
  at: number
  /** An update's new values, as the person typed them. */
  changes?: Record<string, unknown>
}

/** The last state a device wrote of a document only it writes (its own creates). */
export type OwnState = {
  device: string
  remote: string
  fields: Record<string, unknown>
  isDeleted: boolean
}

/** Everything the devices did. */
export type Ledger = {
  writes: LedgerWrite[]
  /** By document id: documents created by a device that only that device edits. */
  own: Map<string, OwnState>
  /** Sales registered on a device, by id: their project and number of commission lines. */
  sales: Map<string, { device: string; projectId: string; lines: number }>
  operations: Record<string, number>
  /** Local writes RxDB refused on the device itself (a document deleted by a pull). */
  skipped: string[]
}

export function createLedger(): Ledger {
  return { writes: [], own: new Map(), sales: new Map(), operations: {}, skipped: [] }
}

/** What the server holds of one remote collection after a run: its documents by id. */
export type CollectionState = Map<string, WireDocument>

/** What a device needs to act: its person, chance, the shared documents, the ledger. */
export type DeviceContext = {
  device: NodeSyncClient
  person: Person
  random: SeededRandom
  shared: SharedDocuments
  ledger: Ledger
  /** A name for the next value this device writes, unique in the run (c2-17). */
  nextToken(): string
  /** How long an offline period lasts, ms (drawn between the two). */
  offlineMs: readonly [number, number]
  /** Takes the device offline for a while. */
  goOffline(durationMs: number): void
}

/** Whether the person's role grants the permission in their area. */
export function can(person: Pick<Person, 'area' | 'role'>, permission: PermissionName) {
  const granted =
    person.area === 'central'
      ? ROLE_PERMISSIONS[person.role as UserRole]
      : SALES_ROLE_PERMISSIONS[person.role as SalesRole]
  return granted.includes(permission)
}

/** A device-made document's tag: in its name, so duplicates on the server show. */
export const TAG_PATTERN = /\[(c\d+-\d+)\]/

/** The fields a client may write in a collection (judged by the server's push). */
export const writableFieldsOf = (remote: string) =>
  SERVER_COLLECTIONS.get(remote)?.writableFields ?? []

/**
 * Records a write in the ledger. `written`: the document the write returned, the whole
 * state the device holds after it (a field another sync step had put back shows here).
 */
function recordWrite(
  context: DeviceContext,
  remote: string,
  id: string,
  kind: LedgerWrite['kind'],
  isAllowed: boolean,
  written?: RxDocument,
  changes?: Record<string, unknown>,
) {
  const { ledger, device } = context
  ledger.writes.push({ device: device.name, remote, id, kind, isAllowed, at: Date.now(), changes })
  const own = ledger.own.get(id)
  if (kind === 'create' && isAllowed) {
    ledger.own.set(id, { device: device.name, remote, fields: {}, isDeleted: false })
  } else if (!own) return
  const state = ledger.own.get(id)!
  if (kind === 'delete') {
    state.isDeleted = true
    return
  }
  const json = (written?.toJSON() ?? {}) as Record<string, unknown>
  state.fields = Object.fromEntries(writableFieldsOf(remote).map((field) => [field, json[field]]))
}

/**
 * Runs a local write and returns what it wrote; undefined when RxDB refused it (a pull
 * removed the document meanwhile).
 */
async function attempt(
  context: DeviceContext,
  what: string,
  write: () => Promise<RxDocument>,
): Promise<RxDocument | undefined> {
  try {
    return await write()
  } catch (error) {
    context.ledger.skipped.push(`${context.device.name} ${what}: ${(error as Error).message}`)
    return undefined
  }
}

/** The live local document, when the device replicates the collection and holds it. */
async function findLive(context: DeviceContext, remote: string, id: string | undefined) {
  if (!id || !context.device.replications.has(remote)) return null
  return context.device.collection(remote).findOne(id).exec()
}

/** The catalog collections (projects, sellers) this device replicates. */
const catalogOf = (context: DeviceContext) =>
  (['projects', 'sellers'] as const).filter((remote) => context.device.replications.has(remote))

function ownLive(context: DeviceContext, remotes: readonly string[]) {
  return [...context.ledger.own.entries()]
    .filter(([, state]) => state.device === context.device.name && !state.isDeleted)
    .filter(([, state]) => remotes.includes(state.remote))
    .map(([id, state]) => ({ id, remote: state.remote }))
}

/** A new value for one field of a document of `remote`, naming who wrote it (token). */
function editOf(
  remote: string,
  current: Record<string, unknown>,
  token: string,
  random: SeededRandom,
) {
  const keepName = () => `${String(current.name).split(' · ')[0]} · ${token}`
  const choices: Record<string, () => Record<string, unknown>> =
    remote === 'appConnections'
      ? {
          name: () => ({ name: keepName() }),
          description: () => ({ description: `Bewerkt ${token}` }),
          url: () => ({ url: `https://${token}.example.com` }),
          status: () => ({ status: random.pick(APP_STATUSES) }),
        }
      : remote === 'projects'
        ? {
            name: () => ({ name: keepName() }),
            location: () => ({ location: `Locatie ${token}` }),
            label: () => ({ label: `Label ${token}` }),
            totalUnits: () => ({ totalUnits: random.between(1, 500) }),
            status: () => ({ status: random.pick(['active', 'inactive']) }),
          }
        : {
            name: () => ({ name: keepName() }),
            phone: () => ({ phone: `06-${token}` }),
            role: () => ({ role: `Rol ${token}` }),
            status: () => ({ status: random.pick(['active', 'inactive']) }),
          }
  return choices[random.pick(Object.keys(choices))!]!()
}

async function edit(
  context: DeviceContext,
  remote: string,
  id: string | undefined,
  permission: PermissionName,
) {
  const document = await findLive(context, remote, id)
  if (!document || !id) return
  const token = context.nextToken()
  const changes = editOf(remote, document.toJSON(), token, context.random)
  const written = await attempt(context, `edit ${remote}`, () => document.incrementalPatch(changes))
  if (written) {
    const isAllowed = can(context.person, permission)
    recordWrite(context, remote, id, 'update', isAllowed, written, changes)
  }
}

async function remove(
  context: DeviceContext,
  remote: string,
  id: string | undefined,
  isAllowed: boolean,
) {
  const document = await findLive(context, remote, id)
  if (!document || !id) return
  if (await attempt(context, `delete ${remote}`, () => document.remove())) {
    recordWrite(context, remote, id, 'delete', isAllowed)
  }
}

async function create(
  context: DeviceContext,
  remote: string,
  fields: (tag: string) => Record<string, unknown>,
  isAllowed: boolean,
) {
  if (!context.device.replications.has(remote)) return undefined
  const id = uuidv7()
  const tag = context.nextToken()
  const now = Date.now()
  const document = { id, ...fields(tag), createdAt: now, updatedAt: now, seq: 0 }
  const written = await attempt(context, `create ${remote}`, () =>
    context.device.collection(remote).insert(document),
  )
  if (written) recordWrite(context, remote, id, 'create', isAllowed, written)
  return id
}

/** Every kind of thing a person does, by name. */
export const OPERATIONS = {
  async createApp(context: DeviceContext) {
    await create(
      context,
      'appConnections',
      (tag) => ({
        name: `App [${tag}]`,
        url: `https://${tag}.example.com`,
        description: `Gemaakt op ${context.device.name}`,
        status: 'active',
        users: 0,
        lastSync: null,
      }),
      can(context.person, 'apps.write'),
    )
  },
  async editOwnApp(context: DeviceContext) {
    await edit(
      context,
      'appConnections',
      context.random.pick(ownLive(context, ['appConnections']))?.id,
      'apps.write',
    )
  },
  async editSharedApp(context: DeviceContext) {
    await edit(
      context,
      'appConnections',
      context.random.pick(context.shared.appConnections),
      'apps.write',
    )
  },
  async deleteOwnApp(context: DeviceContext) {
    const id = context.random.pick(ownLive(context, ['appConnections']))?.id
    await remove(context, 'appConnections', id, can(context.person, 'apps.write'))
  },
  async deleteSharedApp(context: DeviceContext) {
    const id = context.random.pick(context.shared.appConnections)
    await remove(context, 'appConnections', id, can(context.person, 'apps.write'))
  },
  async createProject(context: DeviceContext) {
    await create(
      context,
      'projects',
      (tag) => ({
        name: `Project [${tag}]`,
        location: 'Utrecht',
        type: 'Nieuwbouw',
        label: null,
        description: null,
        totalUnits: 12,
        soldUnits: 0,
        status: 'active',
      }),
      can(context.person, 'sales.catalog.write'),
    )
  },
  async createSeller(context: DeviceContext) {
    await create(
      context,
      'sellers',
      (tag) => ({
        name: `Verkoper [${tag}]`,
        email: null,
        phone: null,
        role: 'closer',
        status: 'active',
        userId: null,
      }),
      can(context.person, 'sales.catalog.write'),
    )
  },
  async editOwnCatalog(context: DeviceContext) {
    const own = context.random.pick(ownLive(context, catalogOf(context)))
    await edit(context, own?.remote ?? 'projects', own?.id, 'sales.catalog.write')
  },
  async editSharedCatalog(context: DeviceContext) {
    const remote = context.random.pick(catalogOf(context)) ?? 'projects'
    await edit(context, remote, context.random.pick(context.shared[remote]), 'sales.catalog.write')
  },
  /** Projects and sellers are deactivated, never deleted: the server refuses this. */
  async deleteSharedCatalog(context: DeviceContext) {
    const remote = context.random.pick(catalogOf(context)) ?? 'projects'
    await remove(context, remote, context.random.pick(context.shared[remote]), false)
  },
  async registerSale(context: DeviceContext) {
    const projectId = context.random.pick(context.shared.projects)!
    const lines = context.shared.saleSellers.map((sellerId, index) => ({
      sellerId,
      percentage: index === 0 ? 60 : 40,
      role: index === 0 ? 'closer' : 'setter',
    }))
    const id = await create(
      context,
      'sales',
      (tag) => {
        const payload = buildSalePayload({
          projectId,
          clientName: `Klant [${tag}]`,
          propertyNumber: tag,
          salePrice: context.random.between(200_000, 900_000) * 100,
          saleDate: '2026-03-01',
          lines,
        })
        return {
          ...payload,
          deliveryDate: null,
          status: 'completed',
          notes: null,
          createdBy: null,
          splits: null,
          cancelReason: null,
          cancelledAt: null,
          paidTotal: 0,
        }
      },
      can(context.person, 'sales.register'),
    )
    if (id)
      context.ledger.sales.set(id, { device: context.device.name, projectId, lines: lines.length })
  },
  /**
   * "Markeer betaald" and its undo, as the web app does them: paid books what is still
   * open as one payment part, pending undoes every part. Two devices paying the same line
   * at once is a real conflict the server refuses (more than is open), so each device pays
   * its own half of the shared lines.
   */
  async toggleCommission(context: DeviceContext) {
    const half = context.person.role === 'ADMIN' ? 0 : 1
    const mine = context.shared.commissions.filter((_, index) => index % 2 === half)
    const picked = context.random.pick(mine)
    const sale = await findLive(context, 'sales', picked?.saleId)
    const line = (sale?.get('lines') as CommissionDocument[] | undefined)?.find(
      (candidate) => candidate.id === picked?.id,
    )
    if (!line || !context.device.replications.has('commissionPayments')) return
    const parts = await context.device
      .collection('commissionPayments')
      .find({ selector: { commissionId: line.id } })
      .exec()
    const paid = parts.reduce((sum, part) => sum + Number(part.get('amount')), 0)
    const open = Math.abs(line.commissionAmount) - paid
    const isAllowed = can(context.person, 'sales.commissions.pay')
    if (open <= 0) {
      for (const part of parts) await remove(context, 'commissionPayments', part.primary, isAllowed)
      return
    }
    await create(
      context,
      'commissionPayments',
      (tag) => ({
        commissionId: line.id,
        saleId: line.saleId,
        sellerId: line.sellerId,
        amount: open,
        paidOn: '2026-11-20',
        note: `Deel [${tag}]`,
        createdBy: null,
      }),
      isAllowed,
    )
  },
  async goOffline(context: DeviceContext) {
    context.goOffline(context.random.between(...context.offlineMs))
  },
}

export type OperationName = keyof typeof OPERATIONS

/** How often each role does what (relative weights). */
const MIXES: Record<string, Partial<Record<OperationName, number>>> = {
  'central:writer': {
    createApp: 3,
    editOwnApp: 4,
    editSharedApp: 5,
    deleteOwnApp: 1,
    deleteSharedApp: 0.3,
    goOffline: 1.2,
  },
  'central:reader': { createApp: 1, editSharedApp: 3, deleteSharedApp: 0.5, goOffline: 1 },
  'sales:catalog': {
    createProject: 1.5,
    createSeller: 1.5,
    editOwnCatalog: 4,
    editSharedCatalog: 4,
    deleteSharedCatalog: 0.5,
    registerSale: 2,
    toggleCommission: 2,
    goOffline: 1.2,
  },
  'sales:register': {
    createProject: 0.5,
    editSharedCatalog: 3,
    deleteSharedCatalog: 0.3,
    registerSale: 3,
    toggleCommission: 3,
    goOffline: 1.2,
  },
}

/** The mix of operations for a person: writers and readers of their area. */
export function mixFor(person: Pick<Person, 'area' | 'role'>) {
  if (person.area === 'central') {
    return MIXES[can(person, 'apps.write') ? 'central:writer' : 'central:reader']!
  }
  return MIXES[can(person, 'sales.catalog.write') ? 'sales:catalog' : 'sales:register']!
}

/** Plays `count` operations of the person's mix on their device, with pauses between. */
export async function playDevice(
  context: DeviceContext,
  count: number,
  pauseMs: readonly [number, number],
  onOperation: () => void,
) {
  const mix = mixFor(context.person)
  for (let index = 0; index < count; index++) {
    const name = context.random.weighted(mix)
    context.ledger.operations[name] = (context.ledger.operations[name] ?? 0) + 1
    await OPERATIONS[name](context)
    onOperation()
    // The person's pause between operations (from the run's seed): part of the load played.
    await new Promise((resolve) => setTimeout(resolve, context.random.between(...pauseMs)))
  }
}
