import {
  getMetaWriteRow,
  normalizeMangoQuery,
  prepareQuery,
  type RxStorageInstanceReplicationState,
  writeDocToDocState,
} from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import type { SyncCheckpoint } from '../protocol.ts'
import { type FilledCollection, ROWS_PER_WRITE, type StoredDocument } from './first-fill.ts'
import { writeWhereStored } from './worker-requests.ts'
import { yieldToPage } from './yield-to-page.ts'

// After a first fill (first-fill.ts): the states RxDB assumes the server holds, written
// beside the filled documents before the replication pulls or pushes.

/** How many assumed states are read back at a time after a resumed fill. */
const ASSUMED_STATES_PER_READ = 1000

/**
 * Writes, for every filled document, the state RxDB assumes the server holds: what its
 * own pull would have written beside the document, so that a later edit conflicting with
 * someone else's is merged field by field (schema/rx/merge-conflict.ts) instead of lost.
 * The replication's pulls and pushes wait for this (replicateCollection), so nothing of
 * its own is written meanwhile; a state found written already (a fill cut off after
 * writing some) is left as it is (a 409).
 */
export async function writeAssumedStates(
  replication: RxReplicationState<unknown, SyncCheckpoint>,
  filled: FilledCollection,
) {
  await replication.startPromise
  const state = replication.internalReplicationState as
    | RxStorageInstanceReplicationState<unknown>
    | undefined
  const meta = replication.metaInstance
  if (!state || !meta) return
  writing: for await (const documents of readFilled(state, filled)) {
    for (let start = 0; start < documents.length; start += ROWS_PER_WRITE) {
      await yieldToPage()
      if (replication.isStopped()) break writing
      const rows = await Promise.all(
        documents
          .slice(start, start + ROWS_PER_WRITE)
          .map((document) =>
            getMetaWriteRow(state, writeDocToDocState(document as never, false, false), undefined),
          ),
      )
      // Straight into IndexedDB where it can (nothing listens to the meta store's changes;
      // the replication reads it by id); a state written already stays, as a 409 would.
      const kept = await writeWhereStored(meta, rows as never)
      if (!kept) await meta.bulkWrite(rows as never, 'first-fill-meta')
    }
  }
  filled.stored?.clear()
}

/**
 * The filled documents as stored, a write's worth at a time: from memory after a whole
 * fill; read back after a resumed one, by the fill's write time (one range of the
 * (_meta.lwt, id) index every RxDB collection has). One the person changed since has a
 * later write time and is left out: it is pushed without one, judged by its `seq`.
 */
async function* readFilled(
  state: RxStorageInstanceReplicationState<unknown>,
  filled: FilledCollection,
): AsyncGenerator<StoredDocument[]> {
  if (filled.stored) {
    const documents = [...filled.stored.values()]
    for (let start = 0; start < documents.length; start += ASSUMED_STATES_PER_READ) {
      yield documents.slice(start, start + ASSUMED_STATES_PER_READ)
    }
    return
  }
  const storage = state.input.forkInstance
  let afterId = ''
  for (;;) {
    const query = normalizeMangoQuery(storage.schema, {
      selector: { '_meta.lwt': filled.lwt, id: { $gt: afterId } } as never,
      sort: [{ '_meta.lwt': 'asc' }, { id: 'asc' }] as never,
      limit: ASSUMED_STATES_PER_READ,
    })
    const { documents } = await storage.query(prepareQuery(storage.schema, query))
    const page = documents as unknown as StoredDocument[]
    const last = page.at(-1)
    if (last) yield page
    if (!last || page.length < ASSUMED_STATES_PER_READ) return
    afterId = last.id
  }
}
