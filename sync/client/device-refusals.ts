import { v7 as uuidv7 } from 'uuid'
import type { SyncRefusal } from '#schema/sync-refusals'
import type { SyncArea } from '../account.ts'
import { formatSyncAccount } from '../account.ts'
import { openObjectStore } from './indexed-db-store.ts'
import type { AreaAccount } from './signed-in-account.ts'

// Changes a person made on this device that will never reach the server, kept on the device
// with their values so that they are listed (Niet verwerkte wijzigingen) and can be copied:
// made before a backup was restored (a new epoch), or pushed after a right was withdrawn
// (403). The server keeps the refusals it makes itself; these it never saw. IndexedDB
// `centraal-refusals`, one object store; outside a browser (the Node replication of the
// convergence tests) they are kept in memory.

const DATABASE_NAME = 'centraal-refusals'
const STORE = 'refusals'
const CHANNEL = 'centraal-device-refusals'

/** A refusal kept on this device, with whose it is. */
export type DeviceRefusal = SyncRefusal & { area: SyncArea; account: string }

/** What a new refusal needs; its id, person and moment are added when kept. */
export type NewDeviceRefusal = Pick<
  SyncRefusal,
  'collection' | 'operation' | 'entityId' | 'label' | 'reason' | 'values'
>

const inMemory: DeviceRefusal[] = []
const listeners = new Set<() => void>()
let channel: BroadcastChannel | undefined

const hasIndexedDb = () => typeof indexedDB !== 'undefined'

/** The channel on which tabs tell each other of a change (none outside a browser). */
function getChannel() {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = () => announce(true)
  }
  return channel
}

function announce(fromOtherTab = false) {
  for (const listener of listeners) listener()
  if (!fromOtherTab) getChannel()?.postMessage('changed')
}

const store = openObjectStore({ database: DATABASE_NAME, version: 1, store: STORE, keyPath: 'id' })

async function listAll(): Promise<DeviceRefusal[]> {
  if (!hasIndexedDb()) return [...inMemory]
  return store.request('readonly', (objects) => objects.getAll() as IDBRequest<DeviceRefusal[]>)
}

/** What makes two refusals the same refused change, whoever kept them when. */
const sameChangeKey = (account: string, refusal: NewDeviceRefusal) =>
  JSON.stringify([
    account,
    refusal.collection,
    refusal.operation,
    refusal.entityId,
    refusal.reason,
    refusal.values,
  ])

// Keeping runs one call at a time per origin: its look for known refusals and its write
// would otherwise let two calls at once (the push's 403 and the revoked pull, or two tabs)
// both find a change unknown and both keep it.
const KEEPING_LOCK = 'centraal-device-refusals-keep'
let keeping: Promise<unknown> = Promise.resolve()

/**
 * Keeps refusals of one person, durably, before the changes they hold are let go. A change
 * refused again (its push answered 403 once more, after a reload that came before the
 * revoked pull let it go, or by two paths at the same moment) is kept once: the list shows
 * each refused change once.
 *
 * Resolves with the ids of the deletions that only echo a refused change (isEcho): the
 * device's own removal of what it may no longer read, pushed after all when it crossed
 * the refused change's push. They are not the person's, and are not kept.
 */
export function keepDeviceRefusals(
  account: AreaAccount,
  refusals: readonly NewDeviceRefusal[],
): Promise<ReadonlySet<string>> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  const keep = () => keepUnknown(account, refusals)
  // The lock's callback answers through its own promise: LockManager's type would nest it.
  const kept = keeping.then(async () => {
    if (!locks) return keep()
    let echoes: ReadonlySet<string> = new Set()
    await locks.request(KEEPING_LOCK, async () => {
      echoes = await keep()
    })
    return echoes
  })
  keeping = kept.catch(() => undefined)
  return kept
}

/**
 * Whether a refused deletion only echoes a refused change kept before: when a collection
 * can no longer be read the device removes its copies, and a removal that crossed the push
 * of a change to the same row can be pushed after it, with that change's values. The
 * person cannot have deleted it: it was gone from their screen. (A deletion of theirs made
 * after the rows came back carries the server's values, not the refused ones.)
 */
const isEcho = (refusal: NewDeviceRefusal, earlier: readonly NewDeviceRefusal[]) =>
  refusal.operation === 'delete' &&
  earlier.some(
    (change) =>
      change.operation !== 'delete' &&
      change.collection === refusal.collection &&
      change.entityId === refusal.entityId &&
      change.reason === refusal.reason &&
      JSON.stringify(change.values) === JSON.stringify(refusal.values),
  )

async function keepUnknown(
  account: AreaAccount,
  refusals: readonly NewDeviceRefusal[],
): Promise<ReadonlySet<string>> {
  const owner = formatSyncAccount(account)
  const earlier: NewDeviceRefusal[] = (await listAll()).filter(
    (refusal) => refusal.account === owner && refusal.area === account.area,
  )
  const known = new Set(earlier.map((refusal) => sameChangeKey(owner, refusal)))
  const echoes = new Set<string>()
  const fresh = refusals.filter((refusal) => {
    if (isEcho(refusal, earlier)) {
      echoes.add(refusal.entityId)
      return false
    }
    const key = sameChangeKey(owner, refusal)
    if (known.has(key)) return false
    known.add(key)
    earlier.push(refusal)
    return true
  })
  if (fresh.length === 0) return echoes
  const now = Date.now()
  const kept = fresh.map(
    (refusal): DeviceRefusal => ({
      ...refusal,
      id: uuidv7(),
      createdAt: now,
      userId: account.userId,
      area: account.area,
      account: owner,
      isOnDevice: true,
    }),
  )
  if (!hasIndexedDb()) {
    inMemory.push(...kept)
  } else {
    await store.write((objects) => {
      for (const refusal of kept) objects.put(refusal)
    })
  }
  announce()
  return echoes
}

/** One person's (`<organisationId>/<userId>`) refusals of an area, newest first. */
export async function listDeviceRefusals(
  area: SyncArea,
  account: string,
): Promise<DeviceRefusal[]> {
  const all = await listAll()
  return all
    .filter((refusal) => refusal.area === area && refusal.account === account)
    .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id))
}

/** The refusals of some people (`<organisationId>/<userId>`), any area: what a logout removes. */
export async function listDeviceRefusalsOf(accounts: readonly string[]): Promise<DeviceRefusal[]> {
  const all = await listAll()
  return all.filter((refusal) => accounts.includes(refusal.account))
}

/** Removes one refusal the person has read. */
export async function dismissDeviceRefusal(id: string): Promise<void> {
  if (!hasIndexedDb()) {
    const at = inMemory.findIndex((refusal) => refusal.id === id)
    if (at >= 0) inMemory.splice(at, 1)
  } else {
    await store.request('readwrite', (objects) => objects.delete(id))
  }
  announce()
}

/** Removes every refusal of one person (`<organisationId>/<userId>`, any area): their logout. */
export async function removeDeviceRefusalsOf(account: string): Promise<void> {
  for (const refusal of await listDeviceRefusalsOf([account])) {
    await dismissDeviceRefusal(refusal.id)
  }
}

/** Calls `listener` whenever refusals are kept or removed, in this tab or another. */
export function onDeviceRefusalsChange(listener: () => void): () => void {
  getChannel()
  listeners.add(listener)
  return () => listeners.delete(listener)
}
