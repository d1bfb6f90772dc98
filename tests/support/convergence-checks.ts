import type { WireDocument } from '#sync/protocol'
import {
  type CollectionState,
  type Ledger,
  TAG_PATTERN,
  writableFieldsOf,
} from './convergence-chaos.ts'
import {
  findSalesRefusedOnInactiveCatalog,
  findUnexpectedRefusals,
} from './convergence-refusals.ts'
import type { NodeSyncClient } from './sync-node-client.ts'

// What the server holds after a convergence run, and every way it can disagree with the
// devices or with what the devices did.

/** Every document of a collection (tombstones included), pulled over plain HTTP. */
export async function pullEverything(origin: string, cookies: Map<string, string>, remote: string) {
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const documents: CollectionState = new Map()
  let checkpoint = 0
  for (;;) {
    const url = `${origin}/api/sync/v1/${remote}/pull?checkpoint=${checkpoint}&limit=1000`
    const response = await fetch(url, { headers: { cookie } })
    if (!response.ok) throw new Error(`pull ${remote}: ${response.status} ${await response.text()}`)
    const page = (await response.json()) as {
      documents: WireDocument[]
      checkpoint: { seq: number }
    }
    for (const document of page.documents) documents.set(document.id, document)
    checkpoint = page.checkpoint.seq
    if (page.documents.length < 1000) return documents
  }
}

const isLive = (document: WireDocument | undefined) => document !== undefined && !document._deleted

/**
 * A document a device holds otherwise than the server: per differing field, the device's
 * value and the server's. `isWritable`: a field clients write, or the tombstone flag.
 */
export type Mismatch = {
  device: string
  remote: string
  id: string
  fields: Record<string, [device: unknown, server: unknown]>
  isWritable: boolean
}

/** The fields that differ; a tombstone is compared by its flag alone. */
function differences(
  held: WireDocument | undefined,
  stored: WireDocument | undefined,
): Mismatch['fields'] {
  if (!isLive(held) || !isLive(stored)) {
    return isLive(held) === isLive(stored) ? {} : { _deleted: [!isLive(held), !isLive(stored)] }
  }
  const keys = new Set([...Object.keys(held!), ...Object.keys(stored!)])
  const differing = [...keys].filter(
    (key) => JSON.stringify(held![key]) !== JSON.stringify(stored![key]),
  )
  return Object.fromEntries(differing.map((key) => [key, [held![key], stored![key]] as const]))
}

/** Each device's documents of each collection it replicates against the server's. */
export async function findMismatches(
  devices: readonly NodeSyncClient[],
  server: ReadonlyMap<string, CollectionState>,
) {
  const mismatches: Mismatch[] = []
  for (const device of devices) {
    for (const remote of device.replications.keys()) {
      const stored = server.get(remote) ?? new Map()
      const local = await device.documents(remote, stored.keys())
      const writable = new Set(['_deleted', ...writableFieldsOf(remote)])
      for (const id of new Set([...stored.keys(), ...local.keys()])) {
        const fields = differences(local.get(id), stored.get(id))
        if (Object.keys(fields).length === 0) continue
        const isWritable = Object.keys(fields).some((field) => writable.has(field))
        mismatches.push({ device: device.name, remote, id, fields, isWritable })
      }
    }
  }
  return mismatches
}

/** Creates the server answered without refusing them: the push was acknowledged. */
export function acknowledgedCreates(devices: readonly NodeSyncClient[]) {
  const acknowledged = new Map<string, string>() // id → remote
  for (const device of devices) {
    for (const { remote, rows, answer } of device.pushes) {
      const refused = new Set(answer.refused.map((refusal) => refusal.id))
      for (const row of rows) {
        const next = row.newDocumentState
        if (row.assumedMasterState == null && !next._deleted && !refused.has(next.id)) {
          acknowledged.set(next.id, remote)
        }
      }
    }
  }
  return acknowledged
}

/** How the server's rows disagree with what the devices did (the ledger). */
export function findLedgerViolations(
  ledger: Ledger,
  devices: readonly NodeSyncClient[],
  server: ReadonlyMap<string, CollectionState>,
) {
  const rowsOf = (remote: string) => [...(server.get(remote)?.values() ?? [])]
  const tagOf = (document: WireDocument) =>
    String(document.name ?? document.clientName ?? '').match(TAG_PATTERN)?.[1]

  // A create the server acknowledged, or any allowed one, must be there; a refused one not.
  const lostAcknowledged = [...acknowledgedCreates(devices)]
    .filter(([id, remote]) => !server.get(remote)?.has(id))
    .map(([id, remote]) => `${remote} ${id}`)
  const creates = ledger.writes.filter((write) => write.kind === 'create')
  // A create deleted on its device before it was ever sent may never reach the server, nor
  // a sale refused because its project or seller was made inactive before it arrived.
  const refusedOnInactive = findSalesRefusedOnInactiveCatalog(ledger, devices)
  const isGone = (id: string) => ledger.own.get(id)?.isDeleted === true || refusedOnInactive.has(id)
  const lostCreates = creates
    .filter(
      (write) => write.isAllowed && !isGone(write.id) && !server.get(write.remote)?.has(write.id),
    )
    .map((write) => `${write.device} ${write.remote} ${write.id}`)
  const refusedButStored = creates
    .filter((write) => !write.isAllowed && server.get(write.remote)?.has(write.id))
    .map((write) => `${write.device} ${write.remote} ${write.id}`)

  // One create on a device is one row on the server: no tag appears twice.
  const duplicates: string[] = []
  for (const remote of ['appConnections', 'projects', 'sellers', 'sales']) {
    const byTag = new Map<string, number>()
    for (const row of rowsOf(remote)) {
      const tag = tagOf(row)
      if (tag) byTag.set(tag, (byTag.get(tag) ?? 0) + 1)
    }
    for (const [tag, count] of byTag) if (count > 1) duplicates.push(`${remote} [${tag}] ×${count}`)
  }

  // A document only its device writes ends as that device last wrote it.
  const lostWrites: { id: string; remote: string; wrote: unknown; server: unknown }[] = []
  for (const [id, own] of ledger.own) {
    if (refusedOnInactive.has(id)) continue
    const stored = server.get(own.remote)?.get(id)
    const storedFields =
      stored && Object.fromEntries(Object.keys(own.fields).map((k) => [k, stored[k]]))
    const isSame = own.isDeleted
      ? !isLive(stored)
      : isLive(stored) && JSON.stringify(storedFields) === JSON.stringify(own.fields)
    if (!isSame) {
      const wrote = own.isDeleted ? { _deleted: true } : own.fields
      lostWrites.push({
        id,
        remote: own.remote,
        wrote,
        server: stored && { ...storedFields, _deleted: stored._deleted },
      })
    }
  }

  // Activity: one "added" per app a device created, one "deleted" per app it deleted.
  const activities = rowsOf('activities')
  const activityMismatches: string[] = []
  for (const app of rowsOf('appConnections')) {
    const tag = tagOf(app)
    if (!tag) continue
    const count = (action: string) =>
      activities.filter((a) => a.action === action && String(a.target).includes(`[${tag}]`)).length
    const added = count('App toegevoegd')
    const removed = count('App verwijderd')
    if (added !== 1 || removed !== (app._deleted ? 1 : 0)) {
      activityMismatches.push(`[${tag}] added ×${added}, deleted ×${removed}`)
    }
  }

  // Commission lines: exactly those of each sale; a project counts its live sales.
  const commissions = rowsOf('commissions')
  const commissionMismatches: string[] = []
  for (const [saleId, sale] of ledger.sales) {
    if (!server.get('sales')?.has(saleId)) continue // reported as a lost create
    const lines = commissions.filter((line) => line.saleId === saleId).length
    if (lines !== sale.lines)
      commissionMismatches.push(`sale ${saleId}: ${lines} lines, expected ${sale.lines}`)
  }
  const sales = rowsOf('sales').filter(isLive)
  for (const project of rowsOf('projects')) {
    const sold = sales.filter((sale) => sale.projectId === project.id).length
    if (project.soldUnits !== sold) {
      commissionMismatches.push(
        `project ${project.name}: soldUnits ${project.soldUnits}, ${sold} sales`,
      )
    }
  }

  // Refused are the writes the person's rights do not allow, and edits that met a delete.
  const unexpectedRefusals = findUnexpectedRefusals(ledger, devices, server)

  return {
    lostAcknowledged,
    lostCreates,
    refusedButStored,
    duplicates,
    lostWrites,
    activityMismatches,
    commissionMismatches,
    unexpectedRefusals,
  }
}
