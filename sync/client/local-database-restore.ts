import { type RxDatabase, removeRxDatabase } from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { describeRestoredEpoch } from '#schema/restored-epoch'
import { pickRefusedValues } from '#schema/sync-refusals'
import { formatSyncAccount } from '../account.ts'
import type { SyncCheckpoint } from '../protocol.ts'
import type { ClientCollection } from './collections.ts'
import { getDatabaseStorage } from './database-storage.ts'
import { keepDeviceRefusals } from './device-refusals.ts'
import { clearFillProgress } from './fill-progress.ts'
import {
  clearResetMark,
  forgetEpoch,
  isMarkedForReset,
  markForReset,
} from './organisation-epoch.ts'
import type { AreaAccount } from './signed-in-account.ts'
import type { SyncStatusStore } from './sync-status.ts'
import type { SyncStream } from './sync-stream.ts'
import { findUnsentChanges } from './unsent-changes.ts'
import { clearUnsentNotice } from './unsent-notice.ts'

// A local database after its organisation was restored (local-database.ts, decision 008):
// what was unsent is kept as refusals, every tab reloads, and the data is emptied before it
// opens again, to be filled from the restored state.

/**
 * Empties a database whose data belongs to an earlier epoch of its organisation (marked by
 * onRestored) before it opens: the first fill then reads the restored state and learns its
 * epoch. One tab at a time: every tab of the database reloads at once.
 */
export async function emptyIfMarked(name: string, account: AreaAccount) {
  if (!isMarkedForReset(name)) return
  const empty = async () => {
    if (!isMarkedForReset(name)) return
    await removeRxDatabase(name, (await getDatabaseStorage()).storage, true)
    clearFillProgress(name)
    clearUnsentNotice(name)
    // Only now, with nothing of the earlier epoch left to send, is its name forgotten.
    forgetEpoch(account.area, formatSyncAccount(account))
    clearResetMark(name)
  }
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request(`${name}:empty`, empty)
  } else {
    await empty()
  }
}

/**
 * Waits for the server to say that the organisation was restored (SyncProblem 'restored',
 * heard by the tab that replicates and shared with the others, possibly before this
 * started to listen), then keeps what was unsent (`keep`) and reloads every tab of the
 * database, which empties it before it opens again (emptyIfMarked). Outside a browser only
 * `keep` runs.
 */
export function onRestored(
  name: string,
  status: SyncStatusStore,
  keep: (restoredAt: number) => Promise<void>,
) {
  const channel =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`${name}:restored`)
  const reload = () => globalThis.location?.reload()
  if (channel) channel.onmessage = reload
  let isHandling = false
  const handle = () => {
    const { problem, restoredAt } = status.get()
    if (problem !== 'restored' || restoredAt === null || isHandling) return
    isHandling = true
    keep(restoredAt)
      .then(() => {
        channel?.postMessage('restored')
        reload()
      })
      .catch((error: unknown) => {
        isHandling = false
        console.warn('Keeping the changes made before the restore failed', error)
      })
  }
  const unsubscribe = status.subscribe(handle)
  handle()
  return {
    stop() {
      unsubscribe()
      channel?.close()
    },
  }
}

/**
 * The unsent changes of an earlier epoch are kept as refusals, never sent; the data is
 * emptied and filled again from the restored state when every tab has reloaded. Only
 * the tab that replicates knows them: another waits, and reloads when that one says
 * so, or finds them kept already if it took over before the message came.
 */
export async function keepUnsentOfEarlierEpoch(
  database: {
    name: string
    account: AreaAccount
    db: RxDatabase
    collections: readonly ClientCollection[]
    replications: ReadonlyMap<string, RxReplicationState<unknown, SyncCheckpoint>>
    stream: SyncStream
  },
  restoredAt: number,
) {
  const { name, account, db, collections, replications, stream } = database
  await db.waitForLeadership()
  if (isMarkedForReset(name)) return
  await Promise.all([...replications.values()].map((replication) => replication.startPromise))
  const unsent = await Promise.all(
    collections.map(async (definition) => {
      const replication = replications.get(definition.remote)
      const changes = replication && (await findUnsentChanges(replication, definition))
      if (replication && !changes) throw new Error(`${definition.remote} does not replicate`)
      return changes ?? []
    }),
  )
  const kept = unsent.flat().map((change) => ({
    collection: change.collection,
    operation: change.kind,
    entityId: change.id,
    label: change.label,
    reason: describeRestoredEpoch(restoredAt),
    values: pickRefusedValues(change.collection, change.document),
  }))
  await keepDeviceRefusals(account, kept)
  // Kept as refusals, they wait for no page of either area to send them.
  clearUnsentNotice(name)
  // Nothing more is sent from this data. The epoch stays known until the data is gone
  // (emptyIfMarked): a push or write still under way, or one from a tab that takes over
  // before it reloads, names the earlier epoch and is refused, never taken.
  stream.close()
  await Promise.all([...replications.values()].map((replication) => replication.cancel()))
  markForReset(name, { restoredAt, kept: kept.length })
}
