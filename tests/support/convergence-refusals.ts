import { isSameValue } from '#schema/rx/merge-conflict'
import { DELETED_MEANWHILE } from '#server/replication/push'
import type { RefusedChange } from '#sync/client/sync-status'
import type { WireDocument } from '#sync/protocol'
import { type CollectionState, type Ledger, writableFieldsOf } from './convergence-chaos.ts'
import type { NodeSyncClient } from './sync-node-client.ts'

// Which refusals a convergence run expects. The person's rights do not change during a
// run, so a refusal is expected for a write their role does not allow, and for an edit
// that reached the server after someone deleted the document: the server refuses it with
// "Dit item is intussen verwijderd" and the person is told, so that edit is not lost.
// A sale registered against a project or seller that another device made inactive before
// the sale arrived is refused too ("… is niet actief"), and kept for the person to see.
// Anything else refused is a write the product dropped.

/**
 * Whether the refusal is an edit of the person's that met a delete: the server holds the
 * document as a tombstone, another device deleted it (allowed) before the refusal came,
 * and the refused copy carries a value this device typed into the document, in a field
 * where it differs from the state it was based on. A copy of the server's own, outdated,
 * carries none of the person's values and must have taken the server's state silently.
 */
function isEditOfDeleted(
  refusal: RefusedChange,
  device: NodeSyncClient,
  ledger: Ledger,
  server: ReadonlyMap<string, CollectionState>,
) {
  if (refusal.reason !== DELETED_MEANWHILE) return false
  const { id, collection: remote } = refusal
  if (server.get(remote)?.get(id)?._deleted !== true) return false
  const writesOf = ledger.writes.filter(
    (write) => write.id === id && write.remote === remote && write.isAllowed,
  )
  const isDeletedBefore = writesOf.some(
    (write) => write.kind === 'delete' && write.device !== device.name && write.at <= refusal.at,
  )
  const typed = writesOf
    .filter((write) => write.kind === 'update' && write.device === device.name)
    .flatMap((write) => Object.entries(write.changes ?? {}))
  const fields = writableFieldsOf(remote)
  const carriesTyped = (row: {
    newDocumentState: WireDocument
    assumedMasterState?: WireDocument | null
  }) => {
    const { newDocumentState: next, assumedMasterState: assumed } = row
    return (
      !next._deleted &&
      typed.some(
        ([field, value]) =>
          fields.includes(field) &&
          isSameValue(next[field] ?? null, value ?? null) &&
          (!assumed || !isSameValue(next[field] ?? null, assumed[field] ?? null)),
      )
    )
  }
  const refusedRows = device.pushes
    .filter((push) => push.remote === remote)
    .filter((push) => push.answer.refused.some((r) => r.id === id && r.reason === refusal.reason))
    .flatMap((push) => push.rows.filter((row) => row.newDocumentState.id === id))
  return isDeletedBefore && refusedRows.some(carriesTyped)
}

/**
 * Sales of the device refused because their project or a seller was no longer active
 * when they arrived: someone set one of them inactive (an allowed edit) during the run.
 */
export function findSalesRefusedOnInactiveCatalog(
  ledger: Ledger,
  devices: readonly NodeSyncClient[],
): Set<string> {
  const deactivated = new Set(
    ledger.writes
      .filter((write) => write.isAllowed && write.changes?.status === 'inactive')
      .map((write) => `${write.remote} ${write.id}`),
  )
  const isAnySellerDeactivated = [...deactivated].some((key) => key.startsWith('sellers '))
  const refused = new Set<string>()
  for (const device of devices) {
    for (const refusal of device.refusals) {
      const sale = ledger.sales.get(refusal.id)
      if (refusal.collection !== 'sales' || sale?.device !== device.name) continue
      if (!/(Project|Verkoper) .* is niet actief$/.test(refusal.reason)) continue
      const isProject = /Project .* is niet actief$/.test(refusal.reason)
      if (isProject ? deactivated.has(`projects ${sale.projectId}`) : isAnySellerDeactivated) {
        refused.add(refusal.id)
      }
    }
  }
  return refused
}

/** Refusals of writes the person may make that did not meet a delete, as lines to read. */
export function findUnexpectedRefusals(
  ledger: Ledger,
  devices: readonly NodeSyncClient[],
  server: ReadonlyMap<string, CollectionState>,
) {
  const notAllowed = new Set(
    ledger.writes.filter((write) => !write.isAllowed).map((w) => `${w.device} ${w.id}`),
  )
  const onInactiveCatalog = findSalesRefusedOnInactiveCatalog(ledger, devices)
  return devices.flatMap((device) =>
    device.refusals
      .filter((refusal) => !notAllowed.has(`${device.name} ${refusal.id}`))
      .filter((refusal) => !onInactiveCatalog.has(refusal.id))
      .filter((refusal) => !isEditOfDeleted(refusal, device, ledger, server))
      .map((refusal) => `${device.name} ${refusal.collection} ${refusal.id}: ${refusal.reason}`),
  )
}

/** Edits refused because the document was deleted meanwhile (the person was told). */
export function countEditsOfDeleted(
  ledger: Ledger,
  devices: readonly NodeSyncClient[],
  server: ReadonlyMap<string, CollectionState>,
) {
  return devices.reduce(
    (sum, device) =>
      sum +
      device.refusals.filter((refusal) => isEditOfDeleted(refusal, device, ledger, server)).length,
    0,
  )
}
