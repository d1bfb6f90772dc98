import {
  getAssumedMasterState,
  getChangedDocumentsSince,
  getHeightOfRevision,
  getLastCheckpointDoc,
  type RxCollection,
  type RxDatabase,
  type RxDocumentData,
} from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { auditTime, merge, Subscription } from 'rxjs'
import { isSameDocumentState } from '#schema/rx/merge-conflict'
import type { SyncCheckpoint, WireDocument } from '../protocol.ts'
import type { ClientCollection } from './collections.ts'
import type { SyncStatusStore, UnsentChange } from './sync-status.ts'
import { writeUnsentNotice } from './unsent-notice.ts'

/** Recount at most this often while documents change. */
const RECOUNT_MS = 400
/** Looked at per collection; more unsent than this are counted as this many. */
const MAX_LISTED = 500

type Replication = RxReplicationState<unknown, SyncCheckpoint>

/** An unsent change with the document as the device holds it (the person's values). */
export type UnsentDocument = UnsentChange & { document: WireDocument }

/**
 * Whether the device's copy of a document is the server's state as the pull wrote it: RxDB
 * marks such a write with its revision's height and the hash of the replication's identifier
 * (`_meta.o`; in some writes the height under the identifier itself), and its push skips
 * it by the same marks. Between that write and the one of the state RxDB assumes the
 * server holds, the copy would otherwise count as unsent for a moment (and a logout then
 * asked about a change that was on the server).
 */
function isWrittenFromServer(
  document: RxDocumentData<unknown>,
  identifier: string,
  identifierHash: string,
) {
  const height = getHeightOfRevision(document._rev)
  const meta = document._meta as Record<string, unknown> & { o?: { _rev?: number; hash?: string } }
  return meta[identifier] === height || (meta.o?.hash === identifierHash && meta.o._rev === height)
}

/**
 * The changes of one collection that the server has not taken yet: the documents written
 * since RxDB's upstream checkpoint, other than by the pull, whose state differs from what
 * the replication assumes the server holds. Undefined where this tab does not replicate
 * (not the leader).
 */
export async function findUnsentChanges(
  replication: Replication,
  definition: ClientCollection,
): Promise<UnsentDocument[] | undefined> {
  const state = replication.internalReplicationState
  if (!state) return undefined
  if (definition.isReadOnly) return []
  const checkpoint = await getLastCheckpointDoc(state, 'up')
  const { documents } = await getChangedDocumentsSince(
    state.input.forkInstance,
    MAX_LISTED,
    checkpoint,
  )
  const assumed = await getAssumedMasterState(
    state,
    documents.map((document) => String((document as Record<string, unknown>)[state.primaryPath])),
  )
  const changes: UnsentDocument[] = []
  const identifierHash = await state.input.hashFunction(state.input.identifier)
  const written = documents.filter(
    (document) => !isWrittenFromServer(document, state.input.identifier, identifierHash),
  )
  for (const document of written as unknown as WireDocument[]) {
    const known = assumed[document.id]?.docData as WireDocument | undefined
    if (known && isSameDocumentState(known, document)) continue
    if (!known && document._deleted) continue
    const label = definition.labelField ? document[definition.labelField] : undefined
    changes.push({
      collection: definition.remote,
      id: document.id,
      label: typeof label === 'string' && label ? label : document.id,
      kind: !known ? 'create' : document._deleted ? 'delete' : 'update',
      document,
    })
  }
  return changes
}

/** Whether two lists of unsent changes name the same changes in the same order. */
export function isSameUnsent(
  before: readonly UnsentChange[] | null,
  after: readonly UnsentChange[],
): boolean {
  return (
    before !== null &&
    before.length === after.length &&
    before.every((change, index) => {
      const other = after[index]
      return (
        other !== undefined &&
        change.collection === other.collection &&
        change.id === other.id &&
        change.label === other.label &&
        change.kind === other.kind
      )
    })
  )
}

/**
 * Keeps `status.unsent` and the database's unsent notice current in the tab that
 * replicates: recounted whenever a collection changes or a push batch ends (at most every
 * RECOUNT_MS), and at once on `recount` (a logout asks it before it reads the list, so a
 * change made just before is named).
 */
export function watchUnsentChanges(
  db: RxDatabase,
  definitions: readonly ClientCollection[],
  replications: ReadonlyMap<string, Replication>,
  status: SyncStatusStore,
) {
  const subscription = new Subscription()
  const recount = async () => {
    const lists = await Promise.all(
      definitions.map((definition) => {
        const replication = replications.get(definition.remote)
        return replication ? findUnsentChanges(replication, definition) : []
      }),
    )
    if (lists.some((list) => list === undefined)) return
    const unsent = lists.flatMap((list) => list ?? []).map(({ document: _, ...change }) => change)
    // Most recounts find what was there (every pull and push asks): the same list is kept,
    // so the screens that read the status do not render again for nothing.
    if (isSameUnsent(status.get().unsent, unsent)) return
    status.update({ unsent })
    // Pages of the other area read it there, and open this database to send it.
    writeUnsentNotice(db.name, unsent)
  }
  void db.waitForLeadership().then(async () => {
    await Promise.all([...replications.values()].map((replication) => replication.startPromise))
    const changes = [
      ...definitions.map((definition) => (db.collections[definition.local] as RxCollection).$),
      // A push answered, a pull written, a run begun or ended: the bookkeeping moved.
      ...[...replications.values()].flatMap((replication) => [
        replication.sent$,
        replication.received$,
        replication.active$,
      ]),
    ]
    subscription.add(
      merge(...changes)
        .pipe(auditTime(RECOUNT_MS))
        .subscribe(() => void recount().catch(() => undefined)),
    )
    await recount().catch(() => undefined)
  })
  return {
    stop: () => subscription.unsubscribe(),
    /** Counts again now where this tab replicates; elsewhere the replicating tab counts. */
    recount: () => recount().catch(() => undefined),
  }
}
