import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb'
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election'
import type { RxReplicationState } from 'rxdb/plugins/replication'
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
import { getDatabaseStorage } from './database-storage.ts'
import { removeMarkedDatabases } from './databases-to-remove.ts'
import { clearFillProgress } from './fill-progress.ts'
import { prefetchFirstPages } from './first-fill.ts'
import { endFirstSyncWhenStored, startFirstSync } from './local-database-first-sync.ts'
import { getLocalDatabaseName } from './local-database-name.ts'
import { emptyIfMarked, keepUnsentOfEarlierEpoch, onRestored } from './local-database-restore.ts'
import { readKnownEpoch } from './organisation-epoch.ts'
import { replicateCollection } from './replicate-collection.ts'
import { shareSyncStatus } from './share-sync-status.ts'
import type { AreaAccount } from './signed-in-account.ts'
import { createSyncStatus, type SyncStatusStore } from './sync-status.ts'
import { openSyncStream } from './sync-stream.ts'
import { watchUnsentChanges } from './unsent-changes.ts'
import { clearUnsentNotice } from './unsent-notice.ts'

export {
  getLocalDatabaseName,
  LOCAL_DATABASE_PREFIX,
  SALES_DATABASE_PREFIX,
} from './local-database-name.ts'

// The stream and the sync state wait for leadership before replication (which adds it) starts.
addRxPlugin(RxDBLeaderElectionPlugin)

/** User-timing marks around a first sync, seen in a profile (local-database-first-sync.ts). */
export { FIRST_SYNC_MARK } from './local-database-first-sync.ts'

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
  /**
   * Counts the unsent changes into `status` now where this tab replicates, instead of after
   * the recount's pause (a logout asks before it reads them).
   */
  countUnsent(): Promise<void>
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
  const firstSync = await startFirstSync({ name, db, collections, status, account, firstPages })
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
        fill: firstSync.fills.get(definition.remote),
        fillProgress: firstSync.progress,
      }),
    ]),
  )
  endFirstSyncWhenStored(firstSync, replications, status, account)
  const sharing = shareSyncStatus(name, status, db.waitForLeadership())
  const watching = watchUnsentChanges(db, collections, replications, status)
  for (const [remote, replication] of replications) {
    replication.error$.subscribe((error) => {
      if (isQuotaError(error)) status.update({ isStorageFull: true })
      console.warn(`sync ${remote}:`, error.message)
    })
  }
  const restored = onRestored(name, status, (restoredAt) =>
    keepUnsentOfEarlierEpoch(
      { name, account, db: db as RxDatabase, collections, replications, stream },
      restoredAt,
    ),
  )
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
    countUnsent: watching.recount,
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

/** Whether an error (or one it wraps, RxDB nests them) is the browser refusing to store more. */
function isQuotaError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false
  const { name, message, parameters, cause } = error as Record<string, unknown>
  if (/QuotaExceeded/i.test(`${name} ${message}`)) return true
  const nested = [cause, ...Object.values((parameters as object | undefined) ?? {})].flat()
  return nested.some((inner) => isQuotaError(inner, depth + 1))
}
