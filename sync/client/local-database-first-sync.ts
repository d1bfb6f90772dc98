import type { RxCollection, RxDatabase } from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import type { PullResponse, SyncCheckpoint } from '../protocol.ts'
import type { ClientCollection } from './collections.ts'
import { countStoredDocuments } from './count-live-documents.ts'
import { createFillProgress, type FillProgress } from './fill-progress.ts'
import { type FilledCollection, fillCollection } from './first-fill.ts'
import { replicationIdentifierOf } from './replicate-collection.ts'
import type { AreaAccount } from './signed-in-account.ts'
import type { SyncStatusStore } from './sync-status.ts'

// The first sync of a local database (local-database.ts): whether it fills, the fill of
// each collection, and the end of the first sync once everything is stored.

/** User-timing marks around a first sync (…-start:area, …-done:area), seen in a profile. */
export const FIRST_SYNC_MARK = 'centraal:first-sync'

/** A database's first sync as it starts: each collection's fill (none if it has data). */
export type FirstSync = {
  progress: FillProgress
  fills: ReadonlyMap<string, Promise<FilledCollection | undefined>>
}

/**
 * Starts the first sync of a database that needs one. A database with nothing in it
 * fills for the first time, unless a fill ended with nothing to store (fill-progress.ts):
 * the header shows the progress.
 */
export async function startFirstSync(options: {
  name: string
  db: RxDatabase<Record<string, RxCollection>>
  collections: readonly ClientCollection[]
  status: SyncStatusStore
  account: AreaAccount
  /** The first pages asked while the database opened (a new device, prefetchFirstPages). */
  firstPages: Map<string, Promise<PullResponse>> | undefined
}): Promise<FirstSync> {
  const { name, db, collections, status, account, firstPages } = options
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
  return { progress, fills }
}

/**
 * The first sync is over once every collection has pulled all there was and stored it:
 * when each fill stored its last page, or else when the replications caught up.
 */
export function endFirstSyncWhenStored(
  { progress, fills }: FirstSync,
  replications: ReadonlyMap<string, RxReplicationState<unknown, SyncCheckpoint>>,
  status: SyncStatusStore,
  account: AreaAccount,
) {
  if (!status.get().firstSync) return
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
