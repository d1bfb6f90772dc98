import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxDatabase,
  removeRxDatabase,
} from 'rxdb'
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { describeRestoredEpoch } from '#schema/restored-epoch'
import { pickRefusedValues } from '#schema/sync-refusals'
import type { SyncArea } from '../account.ts'
import { formatSyncAccount } from '../account.ts'
import type { SyncCheckpoint } from '../protocol.ts'
import { addReplicatedCollections, removeRetiredCollections } from './add-replicated-collections.ts'
import {
  CENTRAL_COLLECTIONS,
  type CentralCollections,
  type ClientCollection,
  RETIRED_SALES_COLLECTIONS,
  SALES_COLLECTIONS,
  type SalesCollections,
} from './collections.ts'
import { countStoredDocuments } from './count-live-documents.ts'
import { getDatabaseStorage } from './database-storage.ts'
import { removeMarkedDatabases } from './databases-to-remove.ts'
import { keepDeviceRefusals } from './device-refusals.ts'
import { clearFillProgress, createFillProgress } from './fill-progress.ts'
import { fillCollection, prefetchFirstPages } from './first-fill.ts'
import { getLocalDatabaseName } from './local-database-name.ts'
import {
  clearResetMark,
  forgetEpoch,
  isMarkedForReset,
  markForReset,
  readKnownEpoch,
} from './organisation-epoch.ts'
import { replicateCollection, replicationIdentifierOf } from './replicate-collection.ts'
import { shareSyncStatus } from './share-sync-status.ts'
import type { AreaAccount } from './signed-in-account.ts'
import { createSyncStatus, type SyncStatusStore } from './sync-status.ts'
import { openSyncStream } from './sync-stream.ts'
import { findUnsentChanges, watchUnsentChanges } from './unsent-changes.ts'
import { clearUnsentNotice } from './unsent-notice.ts'

export {
  getLocalDatabaseName,
  LOCAL_DATABASE_PREFIX,
  SALES_DATABASE_PREFIX,
} from './local-database-name.ts'

// The stream and the sync state wait for leadership before replication (which adds it) starts.
addRxPlugin(RxDBLeaderElectionPlugin)

/** User-timing marks around a first sync (…-start:area, …-done:area), seen in a profile. */
export const FIRST_SYNC_MARK = 'centraal:first-sync'

const AREAS: Record<
  SyncArea,
  { collections: readonly ClientCollection[]; retired: readonly string[] }
> = {
  central: { collections: CENTRAL_COLLECTIONS, retired: [] },
  sales: { collections: SALES_COLLECTIONS, retired: RETIRED_SALES_COLLECTIONS },
}

/** A signed-in person's local database with its running replication. */
export type LocalDatabase<Collections = CentralCollections> = {
  name: string
  /** The one (area, organisation, user) it belongs to; it never syncs as anyone else. */
  account: AreaAccount
  db: RxDatabase<Collections>
  status: SyncStatusStore
  /** By remote collection name (users, appConnections, activities; projects, sales, ...). */
  replications: ReadonlyMap<string, RxReplicationState<unknown, SyncCheckpoint>>
  /** Stops replication and the stream, closes the database, keeps the data. */
  close(): Promise<void>
  /** Stops everything and deletes the data (this person's logout). */
  remove(): Promise<void>
  /**
   * Resolves once the database worker behind it ended and it closed (nothing is lost: what
   * was stored stays stored); the page opens the database again (useAreaDatabase).
   */
  lost: Promise<void>
}

/** The local database of a Gold Estates sales user. */
export type SalesDatabase = LocalDatabase<SalesCollections>

type Who = { organisationId: string; userId: string }

const opened = new Map<string, Promise<LocalDatabase<unknown>>>()

/**
 * Opens (once per page) the central local database of one (organisation, user) and starts
 * its replication. Later calls with the same pair get the same database.
 */
export function openLocalDatabase(who: Who): Promise<LocalDatabase> {
  return openAreaDatabase('central', who) as Promise<LocalDatabase>
}

/**
 * Opens (once per page) the sales local database of one (organisation, sales user), with
 * its replication over the sales session and a stream of `?area=sales`.
 */
export function openSalesDatabase(who: Who): Promise<SalesDatabase> {
  return openAreaDatabase('sales', who) as Promise<SalesDatabase>
}

function openAreaDatabase(area: SyncArea, who: Who) {
  const name = getLocalDatabaseName(who.organisationId, who.userId, area)
  let database = opened.get(name)
  if (!database) {
    database = createLocalDatabase(name, { area, ...who })
    opened.set(name, database)
    database.catch(() => opened.delete(name))
  }
  return database
}

/** The database this page has open for an account, if any. */
export function findOpenedLocalDatabase(account: AreaAccount) {
  const name = getLocalDatabaseName(account.organisationId, account.userId, account.area)
  return opened.get(name)
}

async function createLocalDatabase(
  name: string,
  account: AreaAccount,
): Promise<LocalDatabase<unknown>> {
  const { collections, retired } = AREAS[account.area]
  // A logout or switch cut short by its reload left files to delete: gone before anything opens.
  await removeMarkedDatabases()
  await emptyIfMarked(name, account)
  const status = createSyncStatus()
  const firstPages = await prefetchFirstPages({
    name,
    remotes: collections.map((definition) => definition.remote),
    status,
    account,
  })
  const { storage, lost } = await getDatabaseStorage()
  const db = await createRxDatabase<Record<string, RxCollection>>({
    name,
    storage,
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  })
  const pushOutcomes = await addReplicatedCollections(db, collections)
  await removeRetiredCollections(db, retired)
  // A database with nothing in it fills for the first time, unless a fill ended with
  // nothing to store (fill-progress.ts): the header shows the progress.
  // Counted in the storage, not by a query: a query's answer is kept and kept current by
  // RxDB's change events, and the fill stores without them (first-fill.ts).
  const isDatabaseEmpty = async () => {
    const counts = await Promise.all(
      collections.map((definition) =>
        countStoredDocuments(db.collections[definition.local] as RxCollection),
      ),
    )
    return counts.every((count) => count === 0)
  }
  const progress = createFillProgress(name)
  const isFilling =
    ((await isDatabaseEmpty()) && !progress.wasCompleted()) ||
    collections.some((definition) => progress.read(definition.remote) !== undefined)
  if (isFilling) {
    status.update({ firstSync: { received: 0 } })
    performance.mark(`${FIRST_SYNC_MARK}-start:${account.area}`)
  }
  // An empty database is filled page by page before replication starts (first-fill.ts), by
  // the tab that replicates, which looks again once it is that tab: another tab may have
  // filled meanwhile. A fill cut off by a reload left its marks and goes on from them; an
  // empty database starts anew whatever they say (a mark left behind must not skip pages).
  let isEmptyForLeader: Promise<boolean> | undefined
  const fills = new Map(
    isFilling
      ? collections.map((definition) => [
          definition.remote,
          db.waitForLeadership().then(async () => {
            isEmptyForLeader ??= isDatabaseEmpty()
            const isEmpty = await isEmptyForLeader
            const resume = isEmpty ? undefined : progress.read(definition.remote)
            if (!isEmpty && !resume) return undefined
            return fillCollection({
              collection: db.collections[definition.local] as RxCollection,
              remote: definition.remote,
              replicationIdentifier: replicationIdentifierOf(definition.remote),
              status,
              account,
              progress,
              resume,
              firstPage: firstPages?.get(definition.remote),
            })
          }),
        ])
      : [],
  )
  // Only the tab that replicates (RxDB's leader) holds the event stream; the others hear
  // the data through RxDB and the sync state through shareSyncStatus.
  const stream = openSyncStream(
    collections.map((definition) => definition.remote),
    status,
    account.area,
    db.waitForLeadership(),
    { epochOf: () => readKnownEpoch(account.area, formatSyncAccount(account)) },
  )
  const replications = new Map(
    collections.map((definition) => [
      definition.remote,
      replicateCollection({
        collection: db.collections[definition.local] as RxCollection,
        definition,
        stream,
        status,
        refusedIds: pushOutcomes.get(definition.local)?.refusedIds ?? new Set(),
        unanswered: pushOutcomes.get(definition.local)?.unanswered,
        account,
        fill: fills.get(definition.remote),
        fillProgress: progress,
      }),
    ]),
  )
  // The first sync is over once every collection has pulled all there was and stored it:
  // when each fill stored its last page, or else when the replications caught up.
  if (status.get().firstSync) {
    const caughtUp = () =>
      Promise.all(
        [...replications.values()].map((replication) => replication.awaitInitialReplication()),
      )
    Promise.all(fills.values())
      .then((filled) =>
        fills.size > 0 && filled.every((fill) => fill?.isComplete) ? undefined : caughtUp(),
      )
      .then(() => {
        progress.markCompleted()
        status.update({ firstSync: null })
        performance.mark(`${FIRST_SYNC_MARK}-done:${account.area}`)
      })
      .catch(() => undefined) // closed before it finished
  }
  const sharing = shareSyncStatus(name, status, db.waitForLeadership())
  const watching = watchUnsentChanges(db, collections, replications, status)
  for (const [remote, replication] of replications) {
    replication.error$.subscribe((error) => {
      if (isQuotaError(error)) status.update({ isStorageFull: true })
      console.warn(`sync ${remote}:`, error.message)
    })
  }
  const restored = onRestored(name, status, async (restoredAt) => {
    // The unsent changes of an earlier epoch are kept as refusals, never sent; the data is
    // emptied and filled again from the restored state when every tab has reloaded. Only
    // the tab that replicates knows them: another waits, and reloads when that one says
    // so, or finds them kept already if it took over before the message came.
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
  })
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      opened.delete(name)
      stream.close()
      sharing.stop()
      watching.stop()
      restored.stop()
      await Promise.all([...replications.values()].map((replication) => replication.cancel()))
    })()
    return stopping
  }
  return {
    name,
    account,
    db: db as RxDatabase<unknown>,
    status,
    replications,
    async close() {
      await stop()
      await db.close()
    },
    async remove() {
      await stop()
      await db.remove()
      clearFillProgress(name)
      clearUnsentNotice(name)
    },
    lost: lost.then(async () => {
      console.warn(`${name}: the database worker ended; opening the database again`)
      await stop().catch(() => undefined)
      await db.close().catch(() => undefined)
    }),
  }
}

/**
 * Empties a database whose data belongs to an earlier epoch of its organisation (marked by
 * onRestored) before it opens: the first fill then reads the restored state and learns its
 * epoch. One tab at a time: every tab of the database reloads at once.
 */
async function emptyIfMarked(name: string, account: AreaAccount) {
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
function onRestored(
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

/** Whether an error (or one it wraps, RxDB nests them) is the browser refusing to store more. */
function isQuotaError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false
  const { name, message, parameters, cause } = error as Record<string, unknown>
  if (/QuotaExceeded/i.test(`${name} ${message}`)) return true
  const nested = [cause, ...Object.values((parameters as object | undefined) ?? {})].flat()
  return nested.some((inner) => isQuotaError(inner, depth + 1))
}
